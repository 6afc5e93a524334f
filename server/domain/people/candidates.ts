// School tutor candidates (docs/api.md#other-public-calls `POST /tutor/candidate/registration`).
// The school site's "become a teacher" form posts here. Decisions where the spec is silent:
// - A candidate is a tutor account made unpublished (status New), marked `candidate_at` and offered the
//   school programme (potential_school_tutor). Staff find candidates in the panel's tutors list (filter
//   and tag "Candidate"); the form's subjects, experience, note and source are in the admin comment.
//   There is no password: the candidate signs in later through a password reset code to the e-mail.
// - An e-mail or phone that already has an account is 422 `taken` on that field, as at sign-up.
// - At most CANDIDATES_PER_IP registrations from one client address an hour (429 rate_limited).
import { sql } from 'kysely'
import { FieldErrors } from '../../../common/errors'
import { zPhone } from '../../../common/validators'
import { msg } from '../../../i18n/format'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { localName } from '../shared/names'
import { LIMITS, takeLimit } from '../shared/window-throttle'

export const CANDIDATES_PER_IP = LIMITS.candidate.max

export interface CandidateInput {
  name: string
  email: string
  phone?: string
  lesson_ids?: number[]
  experience?: number
  message?: string
  source?: string
}

async function throttle(scope: Scope, ip: string) {
  await takeLimit(scope.db, 'candidate', ip)
}

/** POST /tutor/candidate/registration {candidate: {name, email, phone?, lesson_ids?, experience?, message?, source?}} */
export async function registerCandidate(scope: Scope, c: CandidateInput, io: { ip: string }) {
  let phone: string | null = null
  if (c.phone) {
    const r = zPhone(scope.edition).safeParse(c.phone)
    if (!r.success) throw new FieldErrors({ phone: r.error.issues.map((i) => i.message) })
    phone = r.data
  }
  const lessons = c.lesson_ids?.length
    ? await scope.db
        .selectFrom('lessons')
        .select(['id', 'names'])
        .where('id', 'in', c.lesson_ids)
        .where('edition', '=', scope.edition.code)
        .execute()
    : []
  if (c.lesson_ids && lessons.length !== new Set(c.lesson_ids).size)
    throw new FieldErrors({ lesson_ids: [msg('validation.invalid')] })
  await throttle(scope, io.ip)
  const comment = [
    `Candidate (school) ${new Date().toISOString().slice(0, 10)}`,
    lessons.length
      ? `Subjects: ${lessons.map((l) => localName(l.names, scope.locale, scope.edition)).join(', ')}`
      : null,
    c.experience !== undefined ? `Experience: ${c.experience} y.` : null,
    c.source ? `Source: ${c.source}` : null,
    c.message ? `\n${c.message}` : null,
  ]
    .filter(Boolean)
    .join('\n')
  return scope.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('people')
      .select([sql<string>`lower(email)`.as('email'), 'phone'])
      .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', c.email), ...(phone ? [eb('phone', '=', phone)] : [])]))
      .execute()
    const fields: Record<string, string[]> = {}
    if (taken.some((p) => p.email === c.email)) fields.email = [msg('validation.taken')]
    if (phone && taken.some((p) => p.phone === phone)) fields.phone = [msg('validation.taken')]
    if (Object.keys(fields).length) throw new FieldErrors(fields)
    const person = await trx
      .insertInto('people')
      .values({ name: c.name, email: c.email, phone })
      .returning('id')
      .executeTakeFirstOrThrow()
    const tutor = await trx
      .insertInto('tutors')
      .values({
        person_id: person.id,
        name: c.name,
        first_name: c.name.split(/\s+/)[0] ?? c.name,
        published: false,
        potential_school_tutor: true,
        candidate_at: new Date(),
        admin_comment: comment.slice(0, 5000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'tutor.candidate_register',
      entity: 'tutor',
      id: tutor.id,
      data: { lessons: lessons.map((l) => l.id), source: c.source ?? null },
    })
    return { tutor_id: tutor.id, candidate: true as const }
  })
}
