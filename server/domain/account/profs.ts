// The professional categories a tutor may declare (POST /tutor/profile/set_prof): a pure module, so the
// account calls' schemas (server/routers/tutor/account.schema.ts), which the browser's forms load, do
// not bring the account domain with them.
export const PROFS = ['school_teacher', 'university_teacher', 'student', 'private_tutor', 'native_speaker'] as const
export type Prof = (typeof PROFS)[number]
