// The tutor's profile indicators and the verification request (docs/api.md#tutor-settings-privacy-rating
// /tutor/profile/indicators/get, /tutor/profile/verified/*).
import { sql } from 'kysely'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { wrongStatus } from '../../../common/errors'
import type { TutorRef } from './tutor-ref'

export const MIN_DESCRIPTION_FOR_VERIFICATION = 100

/**
 * Whether the profile is complete enough to ask for verification: an avatar, a subject, a place
 * (home or travel in a city, with that kind of work on) or online work, a description of at least 100
 * characters, and a confirmed e-mail. `missing` names what is lacking.
 */
export async function tutorIndicators({ db, now }: Scope, me: TutorRef) {
  const r = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.avatar_url',
      't.description',
      't.work_online',
      'p.email_confirmed_at',
      sql<number>`(select count(*)::int from tutor_subjects s where s.tutor_id = t.id)`.as('subjects'),
      sql<number>`(select count(*)::int from tutor_places pl where pl.tutor_id = t.id
        and ((pl.kind = 'home' and t.work_home) or (pl.kind = 'travel' and t.work_travel)))`.as('places'),
    ])
    .where('t.id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  const missing: string[] = []
  if (!r.avatar_url) missing.push('avatar')
  if (r.subjects === 0) missing.push('subject')
  if (r.places === 0 && !r.work_online) missing.push('place')
  if (r.description.trim().length < MIN_DESCRIPTION_FOR_VERIFICATION) missing.push('description')
  if (!r.email_confirmed_at) missing.push('email_confirmed')
  return { is_allow_verification: missing.length === 0, missing, lastUpdate: now().toISOString() }
}

/** GET /tutor/profile/verified/get */
export async function getTutorVerification(scope: Scope, me: TutorRef) {
  const t = await scope.db
    .selectFrom('tutors')
    .select(['verified', 'verification_requested_at'])
    .where('id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  const ind = await tutorIndicators(scope, me)
  return {
    verified: t.verified,
    verification_requested: t.verification_requested_at !== null,
    verification_requested_at: t.verification_requested_at,
    is_allow_verification: ind.is_allow_verification,
    missing: ind.missing,
  }
}

/** POST /tutor/profile/verified/confirm: records the request for staff; 409 when verified, already requested, or incomplete. */
export async function requestTutorVerification(scope: Scope, me: TutorRef) {
  const ind = await tutorIndicators(scope, me)
  return scope.db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('tutors')
      .select(['verified', 'verification_requested_at'])
      .where('id', '=', me.tutorId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (t.verified || t.verification_requested_at || !ind.is_allow_verification) throw wrongStatus()
    const row = await trx
      .updateTable('tutors')
      .set({ verification_requested_at: sql`now()` })
      .where('id', '=', me.tutorId)
      .returning('verification_requested_at')
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, { action: 'tutor.verification_request', entity: 'tutor', id: me.tutorId })
    return { verification_requested: true, verification_requested_at: row.verification_requested_at }
  })
}
