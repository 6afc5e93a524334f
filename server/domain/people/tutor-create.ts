// Staff add a tutor by hand (POST /admin/tutor/profile/create, docs/api.md#admin-tutors): the person
// and the tutor row from the form's contact fields, then the same profile form the tutor fills
// (tutors/profile.ts saveTutorProfile). The new tutor is unpublished, status New, and signs in
// with the password staff set in the form or through a reset code.
import { sql } from 'kysely'
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import type { Edition } from '../../../common/editions'
import type { Scope } from '../shared/scope'
import { audit } from '../shared/audit'
import { FieldErrors } from '../../../common/errors'
import { parseOrFieldErrors } from '../shared/parse'
import { zEmail, zPhone, zText } from '../../../common/validators'
import { type SaveProfileRequest, parseTutorField, saveTutorProfile } from '../tutors/profile'
import type { FileStorage } from '../../integrations/storage/storage'

function zContact(ed: Edition) {
  return z
    .object({ name: zText(2, 100, { required: true }), email: zEmail.optional(), phone: zPhone(ed).optional() })
    .refine((c) => c.email || c.phone, { message: msg('validation.required'), path: ['email'] })
}

export async function createTutorByStaff(
  scope: Scope,
  req: Omit<SaveProfileRequest, 'tutor_id'>,
  storage: FileStorage,
) {
  const { db, actor, edition: ed } = scope
  const form = parseTutorField(req.tutor) as Record<string, unknown>
  const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
  const c = parseOrFieldErrors(zContact(ed), { name: form.name, email: blank(form.email), phone: blank(form.phone) })
  const tutorId = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('people')
      .select([sql<string>`lower(email)`.as('email'), 'phone'])
      .where((eb) =>
        eb.or([
          ...(c.email ? [eb(sql<string>`lower(email)`, '=', c.email)] : []),
          ...(c.phone ? [eb('phone', '=', c.phone)] : []),
        ]),
      )
      .execute()
    const fields: Record<string, string[]> = {}
    if (c.email && taken.some((p) => p.email === c.email)) fields.email = [msg('validation.taken')]
    if (c.phone && taken.some((p) => p.phone === c.phone)) fields.phone = [msg('validation.taken')]
    if (Object.keys(fields).length) throw new FieldErrors(fields)
    const person = await trx
      .insertInto('people')
      .values({ name: c.name, email: c.email ?? null, phone: c.phone ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const tutor = await trx
      .insertInto('tutors')
      .values({ person_id: person.id, name: c.name, first_name: c.name.split(/\s+/)[0] ?? c.name, published: false })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, { action: 'tutor.create', entity: 'tutor', id: tutor.id, data: { by_staff: true } })
    return tutor.id
  })
  try {
    return await saveTutorProfile(scope, { ...req, tutor_id: tutorId }, storage)
  } catch (err) {
    // The profile form was refused: the tutor made a moment ago goes too, so a corrected retry
    // does not meet its own e-mail as taken.
    await db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('tutors').where('id', '=', tutorId).returning('person_id').executeTakeFirst()
      if (row) await trx.deleteFrom('people').where('id', '=', row.person_id).execute()
      await audit(trx, actor, {
        action: 'tutor.create_undone',
        entity: 'tutor',
        id: tutorId,
        data: { reason: 'profile refused' },
      })
    })
    throw err
  }
}
