// Staff: durable jobs (our paths, docs/decisions.md#background-jobs): failed jobs and retry.
// Area `system`: staff status 1 only. Rules: server/domain/site/jobs.ts.
import { ZFailedJobsAnswer, ZJobRetried, ZJobRetry } from '../../../common/schemas/admin/jobs.schema'
import { listFailedJobs, retryFailedJob } from '../../domain/site/jobs'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const system = staffProcedure('system')

export const jobsAdminRouter = t.router({
  /** GET /admin/system/jobs/get: failed jobs, newest first. */
  failed: system.output(ZFailedJobsAnswer).query(({ ctx }) => listFailedJobs(ctx.scope, ctx.jobs)),
  /** POST /admin/system/jobs/retry {id}: a failed job back in its queue; {retried: false} when it is not failed. */
  retry: system
    .input(ZJobRetry)
    .output(ZJobRetried)
    .mutation(({ ctx, input }) => retryFailedJob(ctx.scope, ctx.jobs, input.id)),
})
