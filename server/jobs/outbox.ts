// Outbox delivery as durable jobs. The outbox table stays the record of every message: a send
// commits its row (status `queued`) and then sends a pg-boss job {outboxId}; a worker on any server
// process claims the row, hands it to the channel's transport and marks it `sent` — or records the
// error (status `failed`, attempts + 1) and throws, so pg-boss retries it with backoff
// (server/jobs/jobs.ts OUTBOX_QUEUE). The request that caused the message never waits for the transport.
//
// Once only: a row is claimed (locked_until) before its transport is called and a `sent` row is never
// sent again, so two jobs for one row (a recovery, a staff retry) cannot both deliver it. The one
// window left is a process dying after the SMTP server accepted the message and before the row is
// marked: that message is sent again when the job expires; it carries the same Message-ID
// (<outbox-ID…>) both times so a receiving server can drop the copy.
import { sql } from 'kysely'
import type { Db } from '../../db/client'
import type { Outbox } from '../../db/types'
import type { Selectable } from 'kysely'
import { type Logger, errorFields } from '../log'
import { type Jobs, QUEUES } from './jobs'

export type OutboxRow = Selectable<Outbox>
/** What a provider said when it took the message (a messenger's message id and status); nothing for SMTP. */
export interface OutboxReceipt {
  providerMessageId?: string | null
  providerStatus?: string | null
}
// biome-ignore lint/suspicious/noConfusingVoidType: SMTP's transport answers nothing (a Promise<void>)
export type OutboxTransport = (row: OutboxRow) => Promise<OutboxReceipt | void>
export interface OutboxTransports {
  email?: OutboxTransport
  sms?: OutboxTransport
  viber?: OutboxTransport
  whatsapp?: OutboxTransport
}

/** How long a claimed row is held; longer than any transport's own timeouts. */
const CLAIM_SECONDS = 90

export interface OutboxQueue {
  /** Sends the delivery job of a committed outbox row (at `at` for a scheduled send). Never throws. */
  enqueue(outboxId: number, at?: Date | null): Promise<void>
}

export function outboxQueue(db: Db, jobs: Jobs, log: () => Logger): OutboxQueue {
  return {
    async enqueue(outboxId, at) {
      try {
        const jobId = await jobs.boss.send(QUEUES.outbox, { outboxId }, at ? { startAfter: at } : {})
        if (jobId) await db.updateTable('outbox').set({ job_id: jobId }).where('id', '=', outboxId).execute()
      } catch (err) {
        // The row is committed; recoverOutbox (every sweep) sends its job.
        log().error('outbox job not sent', { outbox_id: outboxId, ...errorFields(err) })
      }
    },
  }
}

/** Delivers one outbox row once: 'sent' now, or 'done' when it was already sent (or is gone). */
export async function deliverOutboxRow(
  db: Db,
  transports: OutboxTransports,
  outboxId: number,
): Promise<'sent' | 'done'> {
  const row = await db
    .updateTable('outbox')
    .set({
      status: 'sending',
      attempts: sql`attempts + 1`,
      locked_until: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where('id', '=', outboxId)
    .where('status', '<>', 'sent')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst()
  if (!row) {
    const now = await db.selectFrom('outbox').select('status').where('id', '=', outboxId).executeTakeFirst()
    if (!now || now.status === 'sent') return 'done'
    throw new Error(`outbox ${outboxId} is being delivered by another worker`)
  }
  const transport = transports[row.channel as keyof OutboxTransports]
  let receipt: OutboxReceipt | undefined
  try {
    if (!transport) throw new Error(`no ${row.channel} transport is configured on this server`)
    receipt = (await transport(row)) as OutboxReceipt | undefined
  } catch (err) {
    await db
      .updateTable('outbox')
      .set({
        status: 'failed',
        error: String(err instanceof Error ? err.message : err).slice(0, 500),
        locked_until: null,
      })
      .where('id', '=', outboxId)
      .execute()
    throw err
  }
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: sql`now()`,
      error: null,
      locked_until: null,
      ...(receipt
        ? { provider_message_id: receipt.providerMessageId ?? null, provider_status: receipt.providerStatus ?? null }
        : {}),
    })
    .where('id', '=', outboxId)
    .execute()
  return 'sent'
}

/** Runs the delivery worker of this process. A retry's due time sends no NOTIFY: the worker polls every second. */
export async function workOutbox(jobs: Jobs, db: Db, transports: OutboxTransports, log: () => Logger) {
  await jobs.boss.work<{ outboxId: number }>(
    QUEUES.outbox,
    { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, localConcurrency: 2 },
    async ([job]) => {
      if (!job) return
      try {
        await deliverOutboxRow(db, transports, Number(job.data.outboxId))
      } catch (err) {
        log().warn('outbox delivery failed; retried', {
          outbox_id: job.data.outboxId,
          job_id: job.id,
          ...errorFields(err),
        })
        throw err
      }
    },
  )
}

/**
 * Rows committed whose job was never sent (the process stopped between the two, or the job could not
 * be sent): their job is sent now. Called by the minute sweep.
 */
export async function recoverOutbox(db: Db, queue: OutboxQueue): Promise<number> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'send_after'])
    .where('status', '=', 'queued')
    .where('job_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('id')
    .limit(500)
    .execute()
  for (const r of rows) await queue.enqueue(r.id, r.send_after)
  return rows.length
}

/** Messages waiting for their transport (queued, being sent, or failed and to be retried), for the metrics. */
export async function outboxBacklog(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'sending', 'failed'])
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
