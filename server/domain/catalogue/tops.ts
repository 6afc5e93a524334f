// Paid TOP placement, as staff manage it: a tutor on top of a subject in a city (offline, at most 10
// at a time) or online (at most 20). A new period that would exceed the cap is refused (409).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/keys'
import { type Executor, audit } from '../shared/audit'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import { refreshListings } from './listings'
import { TOP_CAP_OFFLINE, TOP_CAP_ONLINE } from './ranking'

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
  'id', 'tutor_id', 'lesson_id', 'city_id', 'paid_amount',
  sql<string>`to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('starts_at'),
  sql<string>`to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('ends_at'),
  sql<boolean>`starts_at <= now() and ends_at > now()`.as('active'),
] as const

export async function listTops(db: Db, a: { page: number; tutor_id?: number; lesson_id?: number; active?: boolean }) {
  let q = db.selectFrom('tops')
  if (a.tutor_id) q = q.where('tutor_id', '=', a.tutor_id)
  if (a.lesson_id) q = q.where('lesson_id', '=', a.lesson_id)
  if (a.active) q = q.where('starts_at', '<=', sql<Date>`now()`).where('ends_at', '>', sql<Date>`now()`)
  const [items, total] = await Promise.all([
    q.select(COLUMNS).orderBy('id', 'desc').limit(20).offset((a.page - 1) * 20).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items, total: total.n, page: a.page }
}

export async function getTop(db: Db, id: number) {
  const row = await db.selectFrom('tops').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** The tutor must teach the subject there: in that city (offline) or online. */
async function assertEligible(db: Executor, t: TopInput) {
  const fields: Record<string, string[]> = {}
  if (new Date(t.ends_at) <= new Date(t.starts_at)) fields.ends_at = [msg('validation.invalid')]
  const subject = await db.selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', t.tutor_id).where('lesson_id', '=', t.lesson_id).executeTakeFirst()
  if (!subject) fields.lesson_id = [msg('validation.invalid')]
  if (t.city_id === null) {
    const online = await db.selectFrom('tutors').select('work_online').where('id', '=', t.tutor_id).executeTakeFirst()
    if (!online?.work_online) fields.city_id = [msg('validation.invalid')]
  } else {
    const place = await db.selectFrom('tutor_places').select('id').where('tutor_id', '=', t.tutor_id).where('city_id', '=', t.city_id).executeTakeFirst()
    if (!place) fields.city_id = [msg('validation.invalid')]
  }
  if (Object.keys(fields).length) throw new FieldErrors(fields)
}

/** Serialises purchases of one slot, then refuses a period that would exceed the slot's cap. */
async function assertSlotFree(db: Executor, t: TopInput, exceptId: number | null) {
  await sql`select pg_advisory_xact_lock(hashtext(${`top:${t.lesson_id}:${t.city_id ?? 'online'}`}))`.execute(db)
  const overlapping = await db
    .selectFrom('tops')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('lesson_id', '=', t.lesson_id)
    .where(sql<boolean>`city_id is not distinct from ${t.city_id}`)
    .where('starts_at', '<', new Date(t.ends_at))
    .where('ends_at', '>', new Date(t.starts_at))
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirstOrThrow()
  if (overlapping.n >= (t.city_id === null ? TOP_CAP_ONLINE : TOP_CAP_OFFLINE)) throw wrongStatus()
}

/** Everyone in the slot: a change can move others into or out of the cap. */
async function slotTutors(db: Executor, lessonId: number, cityId: number | null) {
  const rows = await db.selectFrom('tops').select('tutor_id').distinct().where('lesson_id', '=', lessonId).where(sql<boolean>`city_id is not distinct from ${cityId}`).execute()
  return rows.map((r) => r.tutor_id)
}

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
    const before = await trx.selectFrom('tops').select(['lesson_id', 'city_id']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!before) throw notFound()
    await assertEligible(trx, t)
    await assertSlotFree(trx, t, id)
    await trx.updateTable('tops').set({ ...t, starts_at: new Date(t.starts_at), ends_at: new Date(t.ends_at) }).where('id', '=', id).execute()
    await refreshListings(trx, [...(await slotTutors(trx, t.lesson_id, t.city_id)), ...(await slotTutors(trx, before.lesson_id, before.city_id))])
    await audit(trx, actor, { action: 'top.save', entity: 'top', id: id, data: { ...t } })
    return { id }
  })
}

export async function deleteTop({ db, actor }: Scope, id: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('tops').where('id', '=', id).returning(['tutor_id', 'lesson_id', 'city_id']).executeTakeFirst()
    if (!row) throw notFound()
    await refreshListings(trx, [row.tutor_id, ...(await slotTutors(trx, row.lesson_id, row.city_id))])
    await audit(trx, actor, { action: 'top.delete', entity: 'top', id: id, data: { tutor_id: row.tutor_id } })
    return { deleted: true }
  })
}
