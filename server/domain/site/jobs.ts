// The panel's view of durable jobs (server/jobs): failed jobs with the outbox row each was delivering,
// and retrying one. Staff status 1 (area `system`).
import type { Jobs } from '../../jobs/jobs'
import { QUEUES, failedJobs, retryJob } from '../../jobs/jobs'
import type { Scope } from '../shared/scope'
import type { FailedJobItem } from '../../../common/schemas/admin/jobs.schema'
import { audit } from '../shared/audit'

export async function listFailedJobs(
  scope: Scope,
  jobs: Jobs | null,
): Promise<{ items: FailedJobItem[]; total: number; running: boolean }> {
  if (!jobs) return { items: [], total: 0, running: false }
  const failed = await failedJobs(jobs)
  const ids = failed
    .filter((j) => j.queue === QUEUES.outbox)
    .map((j) => Number((j.data as { outboxId?: unknown } | null)?.outboxId))
    .filter((n) => Number.isInteger(n) && n > 0)
  const rows = ids.length
    ? await scope.db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'subject', 'status', 'attempts'])
        .where('id', 'in', ids)
        .execute()
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  return {
    running: true,
    total: failed.length,
    items: failed.map((j) => ({
      id: j.id,
      queue: j.queue,
      error: j.error,
      retry_count: j.retry_count,
      created_at: j.created_at,
      failed_at: j.failed_at,
      outbox: byId.get(Number((j.data as { outboxId?: unknown } | null)?.outboxId)) ?? null,
    })),
  }
}

export async function retryFailedJob(scope: Scope, jobs: Jobs | null, id: string): Promise<{ retried: boolean }> {
  if (!jobs) return { retried: false }
  const retried = await retryJob(jobs, id)
  if (retried)
    await audit(scope.db, scope.actor, { action: 'job.retry', entity: 'job', id: null, data: { job_id: id } })
  return { retried }
}
