// How a tutor answers personal requests: the figures the ranking reads (ranking.ts: response time,
// response rate, ignored requests; docs/product.md#9-business-constants-and-limits buckets). Our decisions, the spec
// being silent:   window          personal requests offered in the last 90 days (a personal order's own tutor)
//   answered        responded or declined with a reason: both are an answer to the client
//   response time   the median of minutes from the offer to the answer (one slow day does not sink it)
//   response rate   answered / offered, counting an unanswered request only once it is 24 hours old
//   ignored         unanswered for more than 48 hours
// Recomputed in the transaction of each answer, and by the minute sweep for requests that age past
// 24 or 48 hours or leave the window; the tutor's listings are rebuilt with them.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'
import { refreshListings } from '../catalogue/listings'

export const RESPONSE_WINDOW_DAYS = 90
export const RATE_AFTER_HOURS = 24
export const IGNORED_AFTER_HOURS = 48

/** The personal requests of these tutors within the window (order_tutors rows of their personal orders). */
const personalOffers = (db: Executor) =>
  db
    .selectFrom('order_tutors as ot')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'ot.order_id').onRef('o.personal_tutor_id', '=', 'ot.tutor_id'),
    )
    .where('o.deleted_at', 'is', null)
    .where('ot.created_at', '>', sql<Date>`now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})`)

export async function recomputeResponseFigures(db: Executor, tutorIds: number[]): Promise<void> {
  const ids = [...new Set(tutorIds)]
  if (ids.length === 0) return
  const rows = await personalOffers(db)
    .select([
      'ot.tutor_id',
      sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ot.responded_at - ot.created_at) / 60)
        filter (where ot.response is not null)`.as('minutes'),
      sql<number>`(count(*) filter (where ot.response is not null))::int`.as('answered'),
      sql<number>`(count(*) filter (where ot.response is not null or ot.created_at <= now() - make_interval(hours => ${RATE_AFTER_HOURS})))::int`.as(
        'counted',
      ),
      sql<number>`(count(*) filter (where ot.response is null and ot.created_at <= now() - make_interval(hours => ${IGNORED_AFTER_HOURS})))::int`.as(
        'ignored',
      ),
    ])
    .where('ot.tutor_id', 'in', ids)
    .groupBy('ot.tutor_id')
    .execute()
  const byTutor = new Map(rows.map((r) => [r.tutor_id, r]))
  for (const id of ids) {
    const r = byTutor.get(id)
    await db
      .updateTable('tutors')
      .set({
        response_minutes: r?.minutes == null ? null : Math.max(0, Math.round(Number(r.minutes))),
        response_rate: r && r.counted > 0 ? r.answered / r.counted : null,
        ignored_requests: r?.ignored ?? 0,
      })
      .where('id', '=', id)
      .execute()
  }
  await refreshListings(db, ids)
}

/** Tutors one of whose personal requests aged past 24 or 48 hours, or left the window, in (since, now]. */
export async function sweepResponseFigures(db: Executor, since: Date): Promise<number> {
  // created_at within (since − age, now − age]: a one-minute range per age, read from the index.
  const crossed = (age: ReturnType<typeof sql>) =>
    sql<boolean>`(ot.created_at > ${since}::timestamptz - ${age} and ot.created_at <= now() - ${age})`
  const tutors = await db
    .selectFrom('order_tutors as ot')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'ot.order_id').onRef('o.personal_tutor_id', '=', 'ot.tutor_id'),
    )
    .select('ot.tutor_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb('ot.response', 'is', null), crossed(sql`make_interval(hours => ${RATE_AFTER_HOURS})`)]),
        eb.and([eb('ot.response', 'is', null), crossed(sql`make_interval(hours => ${IGNORED_AFTER_HOURS})`)]),
        crossed(sql`make_interval(days => ${RESPONSE_WINDOW_DAYS})`),
      ]),
    )
    .execute()
  await recomputeResponseFigures(
    db,
    tutors.map((t) => t.tutor_id),
  )
  return tutors.length
}
