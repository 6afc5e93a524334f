// What the tutor is by profession (docs/api.md#tutor-sign-in-and-account POST /tutor/profile/set_prof).
import { sql } from 'kysely'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { forbidden } from '../../../common/errors'
import type { Prof } from '../../../common/schemas/tutor/account.schema'
import type { TutorRef } from './tutor-ref'

export { PROFS, type Prof } from '../../../common/schemas/tutor/account.schema'

/** POST /tutor/profile/set_prof {tutor_id, prof}: only the tutor's own id (403 otherwise). */
export async function setTutorProf({ db, actor }: Scope, a: { me: TutorRef; tutor_id: number; prof: Prof | null }) {
  if (a.tutor_id !== a.me.tutorId) throw forbidden()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tutors')
      .set({ prof: a.prof, updated_at: sql`now()` })
      .where('id', '=', a.me.tutorId)
      .execute()
    await audit(trx, actor, { action: 'tutor.set_prof', entity: 'tutor', id: a.me.tutorId, data: { prof: a.prof } })
  })
  return { tutor_id: a.me.tutorId, prof: a.prof }
}
