// What outside services call: the payment providers' notifications and the local bank's page
// (docs/contract.md#payments, docs/payments.md), and the telephony provider's webhooks
// (docs/api.md#admin-telephony). Public procedures: each request proves itself by the provider's
// signature (or the local page's signed query), checked by the service. Mounted at `public.payments`
// and `public.telephony`.
import { z } from 'zod'
import { localBankPage, pressLocalBank } from '../../domain/money/local-bank'
import { receiveNotification } from '../../domain/money/payments'
import { receiveWebhook } from '../../domain/telephony/calls'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import { zFileResponse } from '../../../common/schemas/answer-parts'
import { ZTelephonyWebhook } from '../../../common/schemas/admin/telephony.schema'
import { paymentDeps as deps, telephonyDeps } from '../integration-deps'

/** The raw request a provider sent: REST hands over the exact bytes and headers (routes/payments.ts). */
const ZNotification = z.object({
  provider: z.string().max(32),
  body: z.instanceof(Uint8Array),
  headers: z.instanceof(Headers),
})

const ZLocalPage = z.object({ payment_ref: z.string().min(1).max(200), query: z.string().max(4000) })

export const paymentNotifyRouter = t.router({
  /** GET /api/payments/local/page?payment_ref&query: what the local bank page shows (its signed query checked). */
  localPage: publicProcedure
    .input(ZLocalPage)
    .output(
      z.strictObject({
        payment_ref: z.string(),
        amount_minor: z.number(),
        currency: z.string(),
        description: z.string(),
        return_url: z.string(),
        save_card: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => localBankPage(ctx.scope, input, deps(ctx))),
  /** POST /api/payments/local/press {payment_ref, query, outcome}: the page's Pay / Decline button. */
  localPress: publicProcedure
    .input(ZLocalPage.extend({ outcome: z.enum(['paid', 'failed']) }))
    .output(z.strictObject({ accepted: z.boolean(), outcome: z.string(), return_url: z.string() }))
    .mutation(({ ctx, input }) => pressLocalBank(ctx.scope, input, deps(ctx))),
  /** POST /api/payments/{provider}/notify: answers the provider's acknowledgement, not our envelope. */
  notify: publicProcedure
    .input(ZNotification)
    .output(zFileResponse)
    .mutation(async ({ ctx, input }) => {
      const { ack, outcome } = await receiveNotification(ctx.scope, input, deps(ctx))
      if (ack.status >= 300 || outcome === 'mismatch' || outcome === 'unknown_payment')
        ctx.log.warn('payment notification refused', { requestId: ctx.requestId, provider: input.provider, outcome })
      return new Response(ack.body, {
        status: ack.status,
        headers: { 'content-type': ack.contentType, 'cache-control': 'no-store' },
      })
    }),
})

export const telephonyWebhookRouter = t.router({
  /** POST /api/telephony/{provider}/voice and /status: the provider's signed request, answered with TwiML. */
  webhook: publicProcedure
    .input(ZTelephonyWebhook)
    .output(zFileResponse)
    .mutation(({ ctx, input }) => receiveWebhook(ctx.scope, input, telephonyDeps(ctx))),
})
