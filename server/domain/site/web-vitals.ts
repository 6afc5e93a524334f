// Web vitals from real visitors: the browser's sampler sends batches; they are stored
// per edition and route pattern; the panel desktop reads p75 LCP/INP/CLS per route and edition.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { DomainError } from '../../../common/errors'
import type { WebVitalSample } from '../../../common/schemas/public/web-vitals.schema'
import type { Scope } from '../shared/scope'

/** Samples one sender may store a minute (our decision: a visitor's pages give a handful; a flood is refused). */
export const WEB_VITALS_PER_SENDER_MINUTE = 60
/** The days the panel's p75 reads. */
export const WEB_VITALS_SUMMARY_DAYS = 7
const DAY_MS = 24 * 3600 * 1000

/** A hash of the address and edition: the cap counts by it; the address itself is never stored. */
const senderOf = (ip: string, edition: string) =>
  createHash('sha256').update(`web-vitals:${edition}:${ip}`).digest('base64url').slice(0, 22)

export async function recordWebVitals(
  scope: Scope,
  input: { samples: WebVitalSample[]; flushReason: string },
  io: { ip: string },
) {
  const sender = senderOf(io.ip, scope.edition.code)
  const recent = await scope.db
    .selectFrom('web_vitals')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('sender', '=', sender)
    .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
    .executeTakeFirstOrThrow()
  if (recent.n + input.samples.length > WEB_VITALS_PER_SENDER_MINUTE) throw new DomainError('rate_limited')
  const now = scope.now().getTime()
  await scope.db
    .insertInto('web_vitals')
    .values(
      input.samples.map((s) => ({
        edition: scope.edition.code,
        name: s.name,
        value: s.value,
        route: s.route,
        platform: s.platform,
        os: s.os,
        browser: s.browser,
        // The browser's clock may be wrong: a time outside the last day is taken as now.
        measured_at: new Date(s.ts > now - DAY_MS && s.ts <= now + 60_000 ? s.ts : now),
        flush_reason: input.flushReason,
        sender,
      })),
    )
    .execute()
  return { stored: input.samples.length }
}

/** p75 of LCP, INP and CLS per edition and route over the last days, the busiest routes first. */
export async function webVitalsSummary(scope: Scope) {
  const p75 = (name: string) =>
    sql<number | null>`percentile_cont(0.75) within group (order by value) filter (where name = ${name})`
  const rows = await scope.db
    .selectFrom('web_vitals')
    .select([
      'edition',
      'route',
      sql<number>`count(*)::int`.as('samples'),
      p75('LCP').as('lcp'),
      p75('INP').as('inp'),
      p75('CLS').as('cls'),
    ])
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${WEB_VITALS_SUMMARY_DAYS})`)
    .groupBy(['edition', 'route'])
    .orderBy('samples', 'desc')
    .orderBy('route')
    .limit(50)
    .execute()
  const round = (v: number | null, digits: number) => (v === null ? null : Number(Number(v).toFixed(digits)))
  return {
    days: WEB_VITALS_SUMMARY_DAYS,
    rows: rows.map((r) => ({
      edition: r.edition,
      route: r.route,
      samples: r.samples,
      lcp: round(r.lcp, 0),
      inp: round(r.inp, 0),
      cls: round(r.cls, 3),
    })),
  }
}
