// Public: web vitals samples (docs/contract.md#other-public-endpoints: POST /api/metrics/web_vitals/;
// item 2). The body is read here, unaltered and capped, because a beacon at page hide sends no headers
// and may say text/plain: the transport's own parsing would refuse it or let an oversized one through.
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import {
  WEB_VITALS_MAX_BODY,
  ZFlushReason,
  ZWebVitalsBatch,
  ZWebVitalsStored,
} from '../../../common/schemas/public/web-vitals.schema'
import { recordWebVitals } from '../../domain/site/web-vitals'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

const ZRawBatch = z.object({ body: z.instanceof(Uint8Array), headers: z.instanceof(Headers) })

const bad = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message })

export const metricsPublicRouter = t.router({
  /** POST /api/metrics/web_vitals/: an array of samples; X-Batched and X-Flush-Reason, or none (a beacon). */
  webVitals: publicProcedure
    .input(ZRawBatch)
    .output(ZWebVitalsStored)
    .mutation(({ ctx, input }) => {
      if (input.body.byteLength > WEB_VITALS_MAX_BODY) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE' })
      let json: unknown
      try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(input.body))
      } catch {
        throw bad('malformed JSON')
      }
      const samples = ZWebVitalsBatch.safeParse(json)
      if (!samples.success) throw bad('not a batch of web vitals samples')
      const reason = input.headers.get('x-flush-reason')
      const flushReason = reason === null ? 'beacon' : ZFlushReason.safeParse(reason).data
      if (!flushReason) throw bad('unknown X-Flush-Reason')
      return recordWebVitals(ctx.scope, { samples: samples.data, flushReason }, { ip: ctx.ip })
    }),
})
