// Staff actions on tutors (docs/api.md#admin-tutors): the list, the staff view of a profile, copy,
// password, delete, publish, active/inactive, school, verified, toggles, favourite, admin comment and
// the transliteration helper. Each change locks the tutor row, writes an audit entry (entity 'tutor':
// the activity log) in the same transaction, and rebuilds the tutor's catalogue listings.
//
// Decisions where the spec is silent:
// - Tutor status: 1 new (never published), 2 published, 6 school tutor. `publish` sets published and
//   moves 1 → 2; `set_school` sets 6 (with `value: 0` it returns to 2, or 1 when unpublished).
// - Setting a state the tutor already has (publish twice, set_active on an active tutor …) is 409
//   wrong_status, like the other moderation calls; so is any change to a deleted tutor.
// - Delete is a soft delete (deleted_at): the tutor leaves the catalogue and cannot sign in as a tutor
//   (sessions ignore deleted roles at once); when the person holds no other role their sessions are
//   revoked too. Orders, reviews and money stay.
// - A password set by staff replaces the person's password (one per person, shared by both roles)
//   and ends the person's sessions.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { type SortDir, listOrder } from '../shared/list-sort'
import { jsonb } from '../../../db/jsonb'
import { hashPassword } from '../auth/passwords'
import { refreshListings } from '../catalogue/listings'
import { type Executor, audit } from '../shared/audit'
import { notFound, wrongStatus } from '../../../common/errors'
import { PER_PAGE, bit, iso, otherRoles, personSearch, revokePersonSessions } from './common'
import { transliterate } from './transliterate'
import { ringProfileNotice } from '../onboarding/notices'
import { type ProfileSnapshot, changedFields, profileSnapshot } from '../onboarding/snapshot'
import { walletBalance, walletView } from './wallet'

export const TutorStatus = { New: 1, Published: 2, School: 6 } as const

/** The staff toggles of set_toggle: name → tutors column (all booleans, shown as 0/1). */
export const TUTOR_TOGGLES = {
  /** The tutor's phone is not shown to clients; contact goes through the order chat. */
  hide_phone: 'hide_phone',
  /** The tutor gets no new requests (not appointed, not offered as a potential tutor). */
  no_new_orders: 'no_new_orders',
  /** The tutor is offered the school-tutor programme (the /school-tutor page). */
  potential_school_tutor: 'potential_school_tutor',
} as const
export type TutorToggle = keyof typeof TUTOR_TOGGLES
export const TUTOR_TOGGLE_NAMES = Object.keys(TUTOR_TOGGLES) as TutorToggle[]

/** The tutor a staff call acts on. */
export interface TutorRef {
  tutor_id: number
}

export interface TutorFilters {
  text?: string
  status?: number
  published?: boolean
  active?: boolean
  verified?: boolean
  school?: boolean
  favorite?: boolean
  /** School tutor candidates (POST /tutor/candidate/registration) only, or none of them. */
  candidate?: boolean
  /** true: only deleted tutors; otherwise deleted ones are left out. */
  deleted?: boolean
}

const TUTOR_ORDER = { id: 't.id', name: 't.name', email: 'p.email', status: 't.status' } as const

export async function listTutors(
  { db, edition }: Pick<Scope, 'db' | 'edition'>,
  {
    page,
    filters: f,
    ...sort
  }: { page: number; filters: TutorFilters; sort?: keyof typeof TUTOR_ORDER; dir?: SortDir },
) {
  const order = listOrder(TUTOR_ORDER, sort, { sort: 'id', dir: 'desc' })
  const perPage = PER_PAGE
  let q = db.selectFrom('tutors as t').innerJoin('people as p', 'p.id', 't.person_id')
  q = f.deleted ? q.where('t.deleted_at', 'is not', null) : q.where('t.deleted_at', 'is', null)
  const text = f.text?.trim()
  if (text) q = q.where(personSearch(text, edition, 't'))
  if (f.status !== undefined) q = q.where('t.status', '=', f.status)
  if (f.published !== undefined) q = q.where('t.published', '=', f.published)
  if (f.active !== undefined) q = q.where('t.active', '=', f.active)
  if (f.verified !== undefined) q = q.where('t.verified', '=', f.verified)
  if (f.favorite !== undefined) q = q.where('t.favorite', '=', f.favorite)
  if (f.school !== undefined) q = q.where('t.status', f.school ? '=' : '<>', TutorStatus.School)
  if (f.candidate !== undefined) q = q.where('t.candidate_at', f.candidate ? 'is not' : 'is', null)
  const [rows, total] = await Promise.all([
    q
      .select([
        't.id',
        't.name',
        'p.email',
        'p.phone',
        't.avatar_url',
        't.status',
        't.published',
        't.active',
        't.verified',
        't.favorite',
        't.created_at',
        't.deleted_at',
        't.anonymized_at',
        't.candidate_at',
        sql<number>`(select coalesce(sum(w.amount_minor), 0)::bigint from wallet_entries w where w.tutor_id = t.id and w.currency = ${edition.currency})`.as(
          'balance_minor',
        ),
      ])
      .orderBy(order.by, order.dir)
      .orderBy('t.id', order.dir)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const items = rows.map((r) => ({
    id: r.id,
    tutor_id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    avatar: r.avatar_url,
    status: r.status,
    published: bit(r.published),
    active: bit(r.active),
    verified: bit(r.verified),
    school: bit(r.status === TutorStatus.School),
    favorite: bit(r.favorite),
    candidate: bit(r.candidate_at !== null),
    wallet: walletView(Number(r.balance_minor), edition.currency),
    created_at: iso(r.created_at),
    deleted_at: iso(r.deleted_at),
    anonymized: bit(r.anonymized_at !== null),
  }))
  return { items, total: total.n, page }
}

/** The staff view of a tutor: the profile with contacts and every staff-side field. */
export async function getTutorForStaff(
  { db, edition }: Pick<Scope, 'db' | 'edition'>,
  { id: tutorId }: { id: number },
) {
  const t = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.id',
      't.person_id',
      't.name',
      't.first_name',
      'p.email',
      'p.phone',
      'p.email_confirmed_at',
      'p.phone_confirmed_at',
      't.avatar_url',
      't.status',
      't.published',
      't.active',
      't.verified',
      't.favorite',
      't.admin_comment',
      't.hide_phone',
      't.no_new_orders',
      't.potential_school_tutor',
      't.description',
      't.short_description',
      't.university_name',
      't.university_graduation_year',
      't.age',
      't.video_url',
      't.schedule',
      't.work_home',
      't.work_travel',
      't.work_online',
      't.online_communication_app',
      't.rate_id',
      't.price',
      't.points_first_diploma',
      't.points_second_diploma',
      't.review_count',
      't.review_avg',
      't.affiliate_id',
      't.terms_confirmed_at',
      't.created_at',
      't.updated_at',
      't.deleted_at',
      't.anonymized_at',
      't.sent_back_reason',
      't.sent_back_at',
      't.approved_at',
      't.approved_snapshot',
    ])
    .where('t.id', '=', tutorId)
    .executeTakeFirst()
  if (!t) throw notFound()
  const snapshot = await profileSnapshot(db, tutorId)
  const [subjects, levels, places, roles, balance] = await Promise.all([
    db
      .selectFrom('tutor_subjects')
      .select(['lesson_id', 'description'])
      .where('tutor_id', '=', tutorId)
      .orderBy('sort')
      .orderBy('lesson_id')
      .execute(),
    db
      .selectFrom('tutor_subject_levels')
      .select(['lesson_id', 'level_id'])
      .where('tutor_id', '=', tutorId)
      .orderBy('level_id')
      .execute(),
    db
      .selectFrom('tutor_places')
      .select(['kind', 'city_id', 'district_id', 'subdistrict_id'])
      .where('tutor_id', '=', tutorId)
      .orderBy('id')
      .execute(),
    otherRoles(db, t.person_id),
    walletBalance(db, tutorId, edition.currency),
  ])
  const locations = (kind: 'home' | 'travel') => {
    const byCity = new Map<number, { city: number; districts: number[]; subdistricts: number[] }>()
    for (const p of places.filter((x) => x.kind === kind)) {
      const entry = byCity.get(p.city_id) ?? { city: p.city_id, districts: [], subdistricts: [] }
      if (p.district_id !== null && !entry.districts.includes(p.district_id)) entry.districts.push(p.district_id)
      if (p.subdistrict_id !== null && !entry.subdistricts.includes(p.subdistrict_id))
        entry.subdistricts.push(p.subdistrict_id)
      byCity.set(p.city_id, entry)
    }
    return [...byCity.values()]
  }
  return {
    id: t.id,
    tutor_id: t.id,
    person_id: t.person_id,
    client_id: roles.clientId,
    name: t.name,
    first_name: t.first_name,
    email: t.email,
    phone: t.phone,
    email_confirmed: bit(t.email_confirmed_at !== null),
    phone_confirmed: bit(t.phone_confirmed_at !== null),
    avatar: t.avatar_url,
    status: t.status,
    published: bit(t.published),
    active: bit(t.active),
    verified: bit(t.verified),
    school: bit(t.status === TutorStatus.School),
    favorite: bit(t.favorite),
    admin_comment: t.admin_comment,
    toggles: TUTOR_TOGGLE_NAMES.map((name) => ({ name, value: bit(t[TUTOR_TOGGLES[name]]) })),
    wallet: walletView(balance, edition.currency),
    description: t.description,
    short_description: t.short_description,
    university_name: t.university_name,
    university_graduation_year: t.university_graduation_year,
    age: t.age,
    video_url: t.video_url,
    schedule: t.schedule ?? null,
    work_home: bit(t.work_home),
    work_travel: bit(t.work_travel),
    work_online: bit(t.work_online),
    online_communication_app: t.online_communication_app,
    rate_id: t.rate_id,
    price: t.price,
    rating: { points_first_diploma: t.points_first_diploma, points_second_diploma: t.points_second_diploma },
    review_count: t.review_count,
    review_avg: t.review_avg,
    subjects: subjects.map((s) => ({
      subject_id: s.lesson_id,
      description: s.description,
      selectedLevels: levels.filter((l) => l.lesson_id === s.lesson_id).map((l) => l.level_id),
    })),
    locations_home: locations('home'),
    locations_travel: locations('travel'),
    locations_online: bit(t.work_online),
    affiliate_id: t.affiliate_id,
    terms_confirmed_at: iso(t.terms_confirmed_at),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    deleted_at: iso(t.deleted_at),
    anonymized: bit(t.anonymized_at !== null),
    moderation: {
      sent_back_reason: t.sent_back_reason,
      sent_back_at: iso(t.sent_back_at),
      approved_at: iso(t.approved_at),
      /** The public fields changed since the last approval (none before a first approval). */
      changed: changedFields(t.approved_snapshot as ProfileSnapshot | null, snapshot),
    },
  }
}

interface LockedTutor {
  id: number
  person_id: number
  status: number
  published: boolean
  active: boolean
  verified: boolean
  favorite: boolean
  deleted_at: Date | null
  anonymized_at: Date | null
}

async function lockTutor(trx: Executor, tutorId: number): Promise<LockedTutor> {
  const row = await trx
    .selectFrom('tutors')
    .select(['id', 'person_id', 'status', 'published', 'active', 'verified', 'favorite', 'deleted_at', 'anonymized_at'])
    .where('id', '=', tutorId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/**
 * One staff change to a tutor: lock, refuse on a deleted tutor, apply, audit (the activity log),
 * rebuild the listings. `apply` returns the audit data, or throws wrongStatus when nothing would change.
 */
async function changeTutor<R extends Record<string, unknown>>(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { tutorId, action }: { tutorId: number; action: string },
  apply: (trx: Executor, t: LockedTutor) => Promise<R>,
): Promise<R & { tutor_id: number }> {
  return db.transaction().execute(async (trx) => {
    const t = await lockTutor(trx, tutorId)
    if (t.deleted_at) throw wrongStatus()
    const data = await apply(trx, t)
    await trx.updateTable('tutors').set({ updated_at: sql`now()` }).where('id', '=', tutorId).execute()
    await audit(trx, actor, { action: `tutor.${action}`, entity: 'tutor', id: tutorId, data: data })
    await refreshListings(trx, [tutorId])
    return { tutor_id: tutorId, ...data }
  })
}

/** Publishes the tutor (value false: unpublishes). */
export function publishTutor(scope: Scope, { tutor_id: tutorId, value = true }: TutorRef & { value?: boolean }) {
  return changeTutor(scope, { tutorId, action: value ? 'publish' : 'unpublish' }, async (trx, t) => {
    if (t.published === value) throw wrongStatus()
    const status = value && t.status === TutorStatus.New ? TutorStatus.Published : t.status
    await trx.updateTable('tutors').set({ published: value, status }).where('id', '=', t.id).execute()
    if (value) {
      // Approval: the profile as approved now is what the next review compares with; a send-back is over.
      await trx
        .updateTable('tutors')
        .set({
          approved_snapshot: jsonb(await profileSnapshot(trx, t.id)),
          approved_at: sql`now()`,
          sent_back_reason: null,
          sent_back_at: null,
        })
        .where('id', '=', t.id)
        .execute()
      await ringProfileNotice(trx, t.id, { kind: 'profile_live' })
    }
    return { published: bit(value), status }
  })
}

/**
 * Sends the profile back to the tutor with the moderator's reason (shown in the cabinet, the bell and an
 * e-mail). The profile stays as it is (published or not); the tutor's next save clears the reason.
 */
export function sendBackTutor(scope: Scope, { tutor_id: tutorId, reason }: TutorRef & { reason: string }) {
  return changeTutor(scope, { tutorId, action: 'send_back' }, async (trx, t) => {
    await trx
      .updateTable('tutors')
      .set({ sent_back_reason: reason, sent_back_at: sql`now()` })
      .where('id', '=', t.id)
      .execute()
    await ringProfileNotice(trx, t.id, { kind: 'profile_sent_back', reason })
    return { reason }
  })
}

export function setTutorActive(scope: Scope, { tutor_id: tutorId, active }: TutorRef & { active: boolean }) {
  return changeTutor(scope, { tutorId, action: active ? 'set_active' : 'set_inactive' }, async (trx, t) => {
    if (t.active === active) throw wrongStatus()
    await trx.updateTable('tutors').set({ active }).where('id', '=', t.id).execute()
    return { active: bit(active) }
  })
}

export function setTutorSchool(
  scope: Scope,
  { tutor_id: tutorId, value: school = true }: TutorRef & { value?: boolean },
) {
  return changeTutor(scope, { tutorId, action: 'set_school' }, async (trx, t) => {
    const isSchool = t.status === TutorStatus.School
    if (isSchool === school) throw wrongStatus()
    const status = school ? TutorStatus.School : t.published ? TutorStatus.Published : TutorStatus.New
    await trx.updateTable('tutors').set({ status }).where('id', '=', t.id).execute()
    return { school: bit(school), status, from: t.status }
  })
}

export function setTutorVerified(scope: Scope, { tutor_id: tutorId, verified }: TutorRef & { verified: boolean }) {
  return changeTutor(scope, { tutorId, action: 'set_verified' }, async (trx, t) => {
    if (t.verified === verified) throw wrongStatus()
    await trx.updateTable('tutors').set({ verified }).where('id', '=', t.id).execute()
    return { verified: bit(verified) }
  })
}

export function setTutorToggle(
  scope: Scope,
  { tutor_id: tutorId, toggle, value }: TutorRef & { toggle: TutorToggle; value: boolean },
) {
  return changeTutor(scope, { tutorId, action: 'set_toggle' }, async (trx, t) => {
    const column = TUTOR_TOGGLES[toggle]
    const current = await trx.selectFrom('tutors').select(column).where('id', '=', t.id).executeTakeFirstOrThrow()
    const from = (current as Record<string, boolean>)[column]
    if (from !== value)
      await trx
        .updateTable('tutors')
        .set({ [column]: value })
        .where('id', '=', t.id)
        .execute()
    return { toggle, value: bit(value), from: bit(!!from) }
  })
}

export function setTutorFavorite(
  scope: Scope,
  { tutor_id: tutorId, add_favorite: favorite }: TutorRef & { add_favorite: boolean },
) {
  return changeTutor(scope, { tutorId, action: 'set_favorite' }, async (trx, t) => {
    if (t.favorite !== favorite) await trx.updateTable('tutors').set({ favorite }).where('id', '=', t.id).execute()
    return { favorite: bit(favorite) }
  })
}

export async function saveAdminComment(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { tutor_id: tutorId, admin_comment: comment }: TutorRef & { admin_comment: string },
) {
  return db.transaction().execute(async (trx) => {
    const t = await lockTutor(trx, tutorId)
    if (t.anonymized_at) throw wrongStatus()
    await trx.updateTable('tutors').set({ admin_comment: comment }).where('id', '=', tutorId).execute()
    await audit(trx, actor, {
      action: 'tutor.save_admin_comment',
      entity: 'tutor',
      id: tutorId,
      data: { admin_comment: comment },
    })
    return { tutor_id: tutorId, admin_comment: comment }
  })
}

export async function setTutorPassword(
  { db, actor }: Scope,
  { tutor_id: tutorId, password }: TutorRef & { password: string },
) {
  const hash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    const t = await lockTutor(trx, tutorId)
    if (t.deleted_at) throw wrongStatus()
    await trx
      .updateTable('people')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', t.person_id)
      .execute()
    const revoked = await revokePersonSessions(trx, t.person_id)
    await audit(trx, actor, {
      action: 'tutor.password_set',
      entity: 'tutor',
      id: tutorId,
      data: { sessions_revoked: revoked },
    })
    return { tutor_id: tutorId }
  })
}

export async function deleteTutor({ db, actor }: Scope, { tutor_id: tutorId }: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const t = await lockTutor(trx, tutorId)
    if (t.deleted_at) throw wrongStatus()
    await trx
      .updateTable('tutors')
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', tutorId)
      .execute()
    const roles = await otherRoles(trx, t.person_id)
    const revoked = roles.clientId === null ? await revokePersonSessions(trx, t.person_id) : 0
    await audit(trx, actor, {
      action: 'tutor.delete',
      entity: 'tutor',
      id: tutorId,
      data: { sessions_revoked: revoked },
    })
    await refreshListings(trx, [tutorId])
    return { tutor_id: tutorId, deleted: true as const }
  })
}

/**
 * GET /admin/tutor/profile/copy: a new tutor with the same profile (subjects, levels, places, texts,
 * prices, work flags, schedule) but no personal contacts: a new person without e-mail, phone or
 * password, no avatar, documents, wallet, reviews, messenger handle or staff marks. Unpublished (status 1).
 */
export async function copyTutor({ db, actor }: Scope, { id: tutorId }: { id: number }) {
  return db.transaction().execute(async (trx) => {
    const src = await trx
      .selectFrom('tutors')
      .select([
        'id',
        'name',
        'first_name',
        'description',
        'short_description',
        'university_name',
        'university_graduation_year',
        'age',
        'video_url',
        'schedule',
        'work_home',
        'work_travel',
        'work_online',
        'rate_id',
        'price',
        'points_first_diploma',
        'points_second_diploma',
        'deleted_at',
        'anonymized_at',
      ])
      .where('id', '=', tutorId)
      .executeTakeFirst()
    if (!src) throw notFound()
    if (src.anonymized_at) throw wrongStatus()
    const person = await trx.insertInto('people').values({ name: src.name }).returning('id').executeTakeFirstOrThrow()
    const copy = await trx
      .insertInto('tutors')
      .values({
        person_id: person.id,
        name: src.name,
        first_name: src.first_name,
        status: TutorStatus.New,
        published: false,
        description: src.description,
        short_description: src.short_description,
        university_name: src.university_name,
        university_graduation_year: src.university_graduation_year,
        age: src.age,
        video_url: src.video_url,
        schedule: src.schedule === null ? null : jsonb(src.schedule),
        work_home: src.work_home,
        work_travel: src.work_travel,
        work_online: src.work_online,
        rate_id: src.rate_id,
        price: src.price,
        points_first_diploma: src.points_first_diploma,
        points_second_diploma: src.points_second_diploma,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await sql`insert into tutor_subjects (tutor_id, lesson_id, description, sort)
      select ${copy.id}, lesson_id, description, sort from tutor_subjects where tutor_id = ${tutorId}`.execute(trx)
    await sql`insert into tutor_subject_levels (tutor_id, lesson_id, level_id)
      select ${copy.id}, lesson_id, level_id from tutor_subject_levels where tutor_id = ${tutorId}`.execute(trx)
    await sql`insert into tutor_prices (tutor_id, lesson_id, minutes, price_minor, currency)
      select ${copy.id}, lesson_id, minutes, price_minor, currency from tutor_prices where tutor_id = ${tutorId}`.execute(
      trx,
    )
    await sql`insert into tutor_places (tutor_id, kind, city_id, district_id, subdistrict_id)
      select ${copy.id}, kind, city_id, district_id, subdistrict_id from tutor_places where tutor_id = ${tutorId} order by id`.execute(
      trx,
    )
    await audit(trx, actor, { action: 'tutor.copy', entity: 'tutor', id: copy.id, data: { copied_from: tutorId } })
    await audit(trx, actor, { action: 'tutor.copied', entity: 'tutor', id: tutorId, data: { copy_id: copy.id } })
    await refreshListings(trx, [copy.id])
    return { id: copy.id, tutor_id: copy.id, copied_from: tutorId }
  })
}

/** GET /admin/tutor/profile/transliterate_main_data: the name and texts in Latin letters (not saved). */
export async function transliterateTutor(db: Db, { id: tutorId }: { id: number }) {
  const t = await db
    .selectFrom('tutors')
    .select(['id', 'name', 'first_name', 'description', 'short_description', 'university_name'])
    .where('id', '=', tutorId)
    .executeTakeFirst()
  if (!t) throw notFound()
  return {
    tutor_id: t.id,
    name: transliterate(t.name),
    first_name: transliterate(t.first_name),
    description: transliterate(t.description),
    short_description: transliterate(t.short_description),
    university_name: transliterate(t.university_name),
  }
}
