// The tutor's terms and settings (docs/api.md#tutor-settings-privacy-rating /tutor/terms/confirm, /tutor/settings/*).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import type { TutorRef } from './tutor-ref'

/** POST /tutor/terms/confirm: idempotent; the first confirmation's time is kept. */
export async function confirmTutorTerms({ db, actor }: Scope, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tutors')
      .set({ terms_confirmed_at: sql`coalesce(terms_confirmed_at, now())` })
      .where('id', '=', me.tutorId)
      .returning('terms_confirmed_at')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, { action: 'tutor.terms_confirm', entity: 'tutor', id: me.tutorId })
    return { terms_confirmed_at: row.terms_confirmed_at }
  })
}

/** GET /tutor/settings/get */
export async function getTutorSettings(db: Db, me: TutorRef) {
  const r = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.email_subscribe',
      't.terms_confirmed_at',
      'p.email',
      'p.phone',
      'p.email_confirmed_at',
      'p.phone_confirmed_at',
    ])
    .where('t.id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return {
    email_subscribe: r.email_subscribe,
    email: r.email,
    email_confirmed: r.email_confirmed_at !== null,
    phone: r.phone,
    phone_confirmed: r.phone_confirmed_at !== null,
    terms_confirmed: r.terms_confirmed_at !== null,
  }
}

/** POST /tutor/settings/set_email_subscribe {value} */
export async function setTutorEmailSubscribe({ db, actor }: Scope, a: { me: TutorRef; value: boolean }) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tutors').set({ email_subscribe: a.value }).where('id', '=', a.me.tutorId).execute()
    await audit(trx, actor, {
      action: 'tutor.set_email_subscribe',
      entity: 'tutor',
      id: a.me.tutorId,
      data: { value: a.value },
    })
  })
  return { email_subscribe: a.value }
}
