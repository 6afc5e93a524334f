// The signed-in tutor, as the tutor's own account calls name it (docs/api.md#tutor-sign-in-and-account): the tutor
// role and the person behind it (password, phone and e-mail belong to the person).
export interface TutorRef {
  tutorId: number
  personId: number
}
