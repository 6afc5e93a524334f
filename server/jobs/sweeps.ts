// The minute sweeps (TOP periods, response figures, payment deadlines, paused orders, open orders
// nobody is responsible for, outbox rows without a job) as one durable job per period for the whole site, however many server processes run.
//
// Every process ticks twice a period and sends a throttled job (pg-boss singletonSeconds: one job per
// queue and time slot, enforced by a unique index in pg-boss's job table; the slot is counted by the
// database's clock, so processes agree). Whichever process's worker takes the job runs the sweeps.
// The sweeps continue from sweep_marks.swept_until, so a run after a pause (no process up, a failed
// run) covers the whole gap. JOBS_SWEEP_SECONDS (default 60) sets the period; tests use seconds.
import { sql } from 'kysely'
import type { Db } from '../../db/client'
import type { Edition } from '../../common/editions'
import { sweepTops } from '../domain/catalogue/listings'
import { sweepPaymentDeadlines } from '../domain/notifications/notifications'
import { unpauseDue } from '../domain/orders/staff'
import { sweepUnownedOrders } from '../domain/orders/responsible'
import { sweepResponseFigures } from '../domain/orders/response-figures'
import { type Logger, errorFields } from '../log'
import { type Jobs, QUEUES } from './jobs'
import { type OutboxQueue, recoverOutbox } from './outbox'

const MARK = 'minute'

export interface SweepDeps {
  db: Db
  edition: Edition
  log: () => Logger
  queue: OutboxQueue | null
}

/** One run of the sweeps; returns what it covered. Each part's failure is logged, the others still run. */
export async function runSweeps(d: SweepDeps, periodSeconds: number) {
  const { db, edition } = d
  const now = new Date((await sql<{ now: Date | string }>`select now() as now`.execute(db)).rows[0]!.now)
  const mark = await db.selectFrom('sweep_marks').select('swept_until').where('name', '=', MARK).executeTakeFirst()
  const since = mark ? new Date(mark.swept_until) : new Date(now.getTime() - periodSeconds * 1000)
  let ok = true
  try {
    await sweepTops(db, since)
    // Personal requests ageing past the response thresholds change their tutor's figures.
    await sweepResponseFigures(db, since)
  } catch (err) {
    ok = false
    d.log().error('top or response sweep failed', errorFields(err))
  }
  await sweepPaymentDeadlines(db, edition).catch((err) =>
    d.log().error('payment deadline sweep failed', errorFields(err)),
  )
  // Paused orders whose date_pause_off has come return to the status they had.
  await unpauseDue(db).catch((err) => d.log().error('order unpause sweep failed', errorFields(err)))
  // Open orders nobody is responsible for go to the staff the schedule puts on duty now (guarded: once each).
  await sweepUnownedOrders(db, edition, { now }).catch((err) =>
    d.log().error('responsible staff sweep failed', errorFields(err)),
  )
  if (d.queue)
    await recoverOutbox(db, d.queue).catch((err) => d.log().error('outbox recovery failed', errorFields(err)))
  // The mark moves only when the time-window sweeps succeeded: a failed window is swept again next time.
  await db
    .insertInto('sweep_marks')
    .values({ name: MARK, swept_until: ok ? now : since, runs: 1 })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ swept_until: ok ? now : since, runs: sql`sweep_marks.runs + 1`, updated_at: sql`now()` }),
    )
    .execute()
  return { since, until: now, ok }
}

/** Starts this process's ticker and sweep worker; the returned function stops the ticker. */
export async function startSweeps(jobs: Jobs, d: SweepDeps, periodSeconds: number): Promise<() => void> {
  const poll = Math.max(0.5, Math.min(2, periodSeconds / 4))
  await jobs.boss.work(QUEUES.sweep, { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll }, async () => {
    await runSweeps(d, periodSeconds)
  })
  const tick = () =>
    jobs.boss
      .sendThrottled(QUEUES.sweep, null, null, periodSeconds, MARK)
      .catch((err) => d.log().error('sweep job not sent', errorFields(err)))
  void tick()
  const timer = setInterval(tick, Math.max(250, (periodSeconds * 1000) / 2))
  return () => clearInterval(timer)
}
