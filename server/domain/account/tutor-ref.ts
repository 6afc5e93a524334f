// The signed-in tutor, as the tutor's own account calls name it (spec/api-calls.md §7.7): the tutor
// role and the person behind it (password, phone and e-mail belong to the person).
export interface TutorRef {
  tutorId: number
  personId: number
}
