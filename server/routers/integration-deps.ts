// What the payment and telephony procedures hand their services, built from the request context: the
// tutor's payment calls and the providers' callbacks (public/integrations.ts) share them.
import type { PayDeps } from '../domain/money/payments'
import { merchantCipherKey } from '../domain/money/merchants'
import type { TelephonyDeps } from '../domain/telephony/calls'
import type { Context } from '../trpc/context'

export const paymentDeps = (ctx: Pick<Context, 'payments' | 'origin' | 'env'>): PayDeps => ({
  config: ctx.payments.config,
  providers: ctx.payments.providers,
  origin: ctx.origin,
  merchantKey: () => merchantCipherKey(ctx.env),
})

export const telephonyDeps = (ctx: Pick<Context, 'telephony' | 'origin'>): TelephonyDeps => ({
  telephony: ctx.telephony,
  origin: ctx.origin,
})
