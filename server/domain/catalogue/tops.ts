// Paid TOP placement, as staff manage it: a tutor on top of a subject in a city (offline, at most 10
// at a time) or online (at most 20). A new period that would exceed the cap is refused (409). The
// rules are those of a purchase (top-rules.ts); staff choose the period's dates instead of its length.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/keys'
import { type Executor, audit } from '../shared/audit'
import { FieldErrors, notFound } from '../../../common/errors'
import { refreshListings } from './listings'
import { localName } from '../shared/names'
import { assertTopRoom, lockTopSlot, topSlotTutors, topTargetErrors } from './top-rules'

export interface TopInput {
  tutor_id: number
  lesson_id: number
  /** null: online */
  city_id: number | null
  starts_at: string
  ends_at: string
  paid_amount: number
}

const COLUMNS = [
  'id',
  'tutor_id',
  'lesson_id',
  'city_id',
  'paid_amount',
  sql<string>`to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('starts_at'),
  sql<string>`to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('ends_at'),
  sql<boolean>`starts_at <= now() and ends_at > now()`.as('active'),
] as const

export interface TopFilters {
  tutor_id?: number
  lesson_id?: number
  /** One city's placements (offline). */
  city_id?: number
  /** true: online placements only; false: offline (city) ones only. */
  online?: boolean
  /** true: running now; false: not running (ended or not started). */
  active?: boolean
}

/** A page of placements of the edition's subjects, newest first, with the tutor's, subject's and city's names. */
export async function listTops(scope: Scope, a: { page: number } & TopFilters) {
  const { db } = scope
  let q = db
    .selectFrom('tops')
    .innerJoin('lessons as l', 'l.id', 'tops.lesson_id')
    .where('l.edition', '=', scope.edition.code)
  if (a.tutor_id) q = q.where('tops.tutor_id', '=', a.tutor_id)
  if (a.lesson_id) q = q.where('tops.lesson_id', '=', a.lesson_id)
  if (a.city_id) q = q.where('tops.city_id', '=', a.city_id)
  if (a.online === true) q = q.where('tops.city_id', 'is', null)
  if (a.online === false) q = q.where('tops.city_id', 'is not', null)
  if (a.active === true)
    q = q.where('tops.starts_at', '<=', sql<Date>`now()`).where('tops.ends_at', '>', sql<Date>`now()`)
  if (a.active === false)
    q = q.where((eb) =>
      eb.or([eb('tops.starts_at', '>', sql<Date>`now()`), eb('tops.ends_at', '<=', sql<Date>`now()`)]),
    )
  const [found, total] = await Promise.all([
    q
      .leftJoin('tutors as t', 't.id', 'tops.tutor_id')
      .leftJoin('cities as c', 'c.id', 'tops.city_id')
      .select([
        'tops.id',
        'tops.tutor_id',
        'tops.lesson_id',
        'tops.city_id',
        'tops.paid_amount',
        sql<string>`to_char(tops.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('starts_at'),
        sql<string>`to_char(tops.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('ends_at'),
        sql<boolean>`tops.starts_at <= now() and tops.ends_at > now()`.as('active'),
        't.name as tutor_name',
        'l.names as lesson_names',
        'c.names as city_names',
      ])
      .orderBy('tops.id', 'desc')
      .limit(20)
      .offset((a.page - 1) * 20)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const items = found.map(({ lesson_names, city_names, tutor_name, ...r }) => ({
    ...r,
    tutor_name: tutor_name ?? '',
    lesson_name: localName(lesson_names, scope.locale, scope.edition),
    city_name: r.city_id === null ? '' : localName(city_names, scope.locale, scope.edition),
  }))
  return { items, total: total.n, page: a.page }
}

export async function getTop(db: Db, id: number) {
  const row = await db.selectFrom('tops').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** The placement rules (top-rules.ts), and a period that ends after it starts. */
async function assertEligible(db: Executor, t: TopInput) {
  const fields = await topTargetErrors(db, { tutorId: t.tutor_id, lessonId: t.lesson_id, cityId: t.city_id })
  if (new Date(t.ends_at) <= new Date(t.starts_at)) fields.ends_at = [msg('validation.invalid')]
  if (Object.keys(fields).length) throw new FieldErrors(fields)
}

/** Serialises changes of one slot, then refuses a period that would exceed the slot's cap. */
async function assertSlotFree(db: Executor, t: TopInput, exceptId: number | null) {
  await lockTopSlot(db, t.lesson_id, t.city_id)
  await assertTopRoom(db, {
    lessonId: t.lesson_id,
    cityId: t.city_id,
    startsAt: new Date(t.starts_at),
    endsAt: new Date(t.ends_at),
    ...(exceptId === null ? {} : { exceptId }),
  })
}

const slotTutors = topSlotTutors

export async function createTop({ db, actor }: Scope, t: TopInput) {
  return db.transaction().execute(async (trx) => {
    await assertEligible(trx, t)
    await assertSlotFree(trx, t, null)
    const row = await trx
      .insertInto('tops')
      .values({ ...t, starts_at: new Date(t.starts_at), ends_at: new Date(t.ends_at) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await refreshListings(trx, await slotTutors(trx, t.lesson_id, t.city_id))
    await audit(trx, actor, { action: 'top.create', entity: 'top', id: row.id, data: { ...t } })
    return { id: row.id }
  })
}

export async function saveTop({ db, actor }: Scope, { id, ...t }: TopInput & { id: number }) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('tops')
      .select(['lesson_id', 'city_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!before) throw notFound()
    await assertEligible(trx, t)
    await assertSlotFree(trx, t, id)
    await trx
      .updateTable('tops')
      .set({ ...t, starts_at: new Date(t.starts_at), ends_at: new Date(t.ends_at) })
      .where('id', '=', id)
      .execute()
    await refreshListings(trx, [
      ...(await slotTutors(trx, t.lesson_id, t.city_id)),
      ...(await slotTutors(trx, before.lesson_id, before.city_id)),
    ])
    await audit(trx, actor, { action: 'top.save', entity: 'top', id: id, data: { ...t } })
    return { id }
  })
}

export async function deleteTop({ db, actor }: Scope, id: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('tops')
      .where('id', '=', id)
      .returning(['tutor_id', 'lesson_id', 'city_id'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await refreshListings(trx, [row.tutor_id, ...(await slotTutors(trx, row.lesson_id, row.city_id))])
    await audit(trx, actor, { action: 'top.delete', entity: 'top', id: id, data: { tutor_id: row.tutor_id } })
    return { deleted: true }
  })
}
