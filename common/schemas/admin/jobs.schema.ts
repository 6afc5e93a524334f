// zod only: the panel's view of durable jobs (our paths /admin/system/jobs/get and
// /admin/system/jobs/retry, docs/decisions.md#background-jobs). Staff status 1 (area `system`).
import { z } from 'zod'
import { msg } from '../../../i18n/format'

export const ZFailedJob = z.strictObject({
  /** pg-boss's job id (a uuid). */
  id: z.string(),
  /** outbox-delivery or minute-sweep. */
  queue: z.string(),
  /** The last error (pg-boss keeps the failing try's error as the job's output). */
  error: z.string(),
  retry_count: z.number(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
  /** For an outbox job: the message it was to deliver (the outbox row). */
  outbox: z
    .strictObject({
      id: z.number(),
      channel: z.string(),
      recipient: z.string(),
      subject: z.string(),
      status: z.string(),
      attempts: z.number(),
    })
    .nullable(),
})
export type FailedJobItem = z.infer<typeof ZFailedJob>

export const ZFailedJobsAnswer = z.strictObject({
  items: z.array(ZFailedJob),
  total: z.number(),
  /** Whether this server process runs jobs at all (false: a process without pg-boss; nothing to list). */
  running: z.boolean(),
})

export const ZJobRetry = z.strictObject({
  id: z.string({ error: msg('validation.invalid') }).uuid(msg('validation.invalid')),
})
export const ZJobRetried = z.strictObject({ retried: z.boolean() })
