// The tutor's privacy choices and the deletion request (docs/api.md#tutor-settings-privacy-rating /tutor/privacy/*).
// The data download is export.ts.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { wrongStatus } from '../../../common/errors'
import { refreshListings } from '../catalogue/listings'
import type { TutorRef } from './tutor-ref'

/** The tutor's privacy choices (POST /tutor/privacy/save {tutor}); any subset may be sent. */
export interface Privacy {
  /** The phone is not shown to clients (the same flag staff can set with set_toggle). */
  hide_phone: boolean
  /** The full name on the public profile; false shows the first name only. */
  show_last_name: boolean
  /** Consent to marketing messages from the site and its partners. */
  marketing_consent: boolean
}

/** GET /tutor/privacy/get */
export async function getTutorPrivacy(db: Db, me: TutorRef) {
  const r = await db
    .selectFrom('tutors')
    .select(['hide_phone', 'show_last_name', 'marketing_consent', 'deletion_requested_at'])
    .where('id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return { ...r, delete_requested: r.deletion_requested_at !== null }
}

/** POST /tutor/privacy/save {tutor} */
export async function saveTutorPrivacy({ db, actor }: Scope, a: { me: TutorRef; privacy: Partial<Privacy> }) {
  await db.transaction().execute(async (trx) => {
    if (Object.keys(a.privacy).length > 0)
      await trx.updateTable('tutors').set(a.privacy).where('id', '=', a.me.tutorId).execute()
    await audit(trx, actor, { action: 'tutor.privacy_save', entity: 'tutor', id: a.me.tutorId, data: a.privacy })
  })
  return getTutorPrivacy(db, a.me)
}

/**
 * POST /tutor/privacy/delete_profile: records the request and takes the tutor out of the catalogue
 * (active = false, the previous value kept) until staff delete or anonymise the profile. Twice is 409.
 */
export async function requestTutorDeletion({ db, actor }: Scope, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('tutors')
      .select(['active', 'deletion_requested_at'])
      .where('id', '=', me.tutorId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (t.deletion_requested_at) throw wrongStatus()
    const row = await trx
      .updateTable('tutors')
      .set({
        deletion_requested_at: sql`now()`,
        active_before_deletion: t.active,
        active: false,
        updated_at: sql`now()`,
      })
      .where('id', '=', me.tutorId)
      .returning('deletion_requested_at')
      .executeTakeFirstOrThrow()
    await refreshListings(trx, [me.tutorId])
    await audit(trx, actor, { action: 'tutor.delete_request', entity: 'tutor', id: me.tutorId })
    return { deletion_requested_at: row.deletion_requested_at }
  })
}

/** POST /tutor/privacy/cancel_delete_profile: restores `active` as it was; 409 without a request. */
export async function cancelTutorDeletion({ db, actor }: Scope, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('tutors')
      .select(['active_before_deletion', 'deletion_requested_at'])
      .where('id', '=', me.tutorId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (!t.deletion_requested_at) throw wrongStatus()
    await trx
      .updateTable('tutors')
      .set({
        deletion_requested_at: null,
        active: t.active_before_deletion ?? true,
        active_before_deletion: null,
        updated_at: sql`now()`,
      })
      .where('id', '=', me.tutorId)
      .execute()
    await refreshListings(trx, [me.tutorId])
    await audit(trx, actor, { action: 'tutor.delete_request_cancel', entity: 'tutor', id: me.tutorId })
    return { deletion_requested_at: null }
  })
}
