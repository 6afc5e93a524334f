// The `local` provider's bank page (docs/payments.md), server side: the page at /pay/local/{reference}
// reads what it shows from its signed query, and its Pay / Decline buttons make the server send itself
// a signed notification through the same code path as a real webhook (receiveNotification). Only where
// `local` is offered (never in production); anything else is 404.
import { notFound } from '../../../common/errors'
import { type LocalPage, localNotification, readLocalPage } from '../../integrations/payments/local'
import type { Scope } from '../shared/scope'
import { type PayDeps, offered, receiveNotification } from './payments'

function page(
  scope: Scope,
  deps: PayDeps,
  input: { payment_ref: string; query: string },
): { secret: string; page: LocalPage } {
  offered(scope, deps, 'local')
  const secret = deps.config.local?.secret
  const read = secret ? readLocalPage(secret, input.payment_ref, new URLSearchParams(input.query)) : null
  if (!secret || !read) throw notFound()
  return { secret, page: read }
}

/** What the page shows: amount, currency, description, where the buyer returns. An altered query is 404. */
export function localBankPage(scope: Scope, input: { payment_ref: string; query: string }, deps: PayDeps) {
  const { page: p } = page(scope, deps, input)
  return {
    payment_ref: p.paymentId,
    amount_minor: p.amountMinor,
    currency: p.currency,
    description: p.description,
    return_url: p.returnUrl,
    save_card: p.saveCard,
  }
}

/** A button pressed: the signed notification goes through the notify path; answers where to return. */
export async function pressLocalBank(
  scope: Scope,
  input: { payment_ref: string; query: string; outcome: 'paid' | 'failed' },
  deps: PayDeps,
) {
  const { secret, page: p } = page(scope, deps, input)
  const n = localNotification(
    secret,
    {
      paymentId: p.paymentId,
      status: input.outcome,
      amountMinor: p.amountMinor,
      currency: p.currency,
      saveCard: p.saveCard,
    },
    Math.floor(scope.now().getTime() / 1000),
  )
  const { ack, outcome } = await receiveNotification(
    scope,
    { provider: 'local', body: new TextEncoder().encode(n.body), headers: new Headers(n.headers) },
    deps,
  )
  return { accepted: ack.status < 300, outcome: String(outcome), return_url: p.returnUrl }
}
