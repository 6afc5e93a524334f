// Starting a payment through a provider (docs/contract.md#payments), shared by the wallet and the TOP
// screens: the start call answers where the browser goes next — a redirect to the provider's page, or
// a form posted to `url` with the hidden `fields` (LiqPay's data and signature). A saved-card charge
// answers its status at once, or the bank's page when it wants the buyer (3-D Secure).
// The browser's return is never proof of payment: the return page (/wallet/payment) asks get_status.

/** The start call's answer (common/schemas/tutor/payments.schema.ts ZPaymentStarted). */
export interface PaymentStarted {
  payment_id: number
  method: 'redirect' | 'form'
  url: string
  fields?: Record<string, string>
}

/** A saved-card charge's answer (ZCardPaymentAnswer). */
export interface CardPaymentAnswer {
  payment_id: number
  status: 'pending' | 'paid' | 'failed' | 'refunded'
  url?: string
}

/** Where a buyer lands after the provider (server/domain/money/payments.ts RETURN_PATH). */
export const RETURN_PATH = '/wallet/payment'
export const returnPagePath = (paymentId: number) => `${RETURN_PATH}?payment_id=${paymentId}`

/** Sends the browser on: a redirect, or a POST form built with the hidden fields and submitted. */
export function followPayment(
  started: Pick<PaymentStarted, 'method' | 'url' | 'fields'>,
  doc: Document = document,
): void {
  if (started.method === 'redirect') {
    doc.defaultView!.location.assign(started.url)
    return
  }
  const form = doc.createElement('form')
  form.method = 'POST'
  form.action = started.url
  form.acceptCharset = 'utf-8'
  form.style.display = 'none'
  for (const [name, value] of Object.entries(started.fields ?? {})) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  doc.body.appendChild(form)
  form.submit()
}

/**
 * Calls a start mutation (`trpc.tutor.payments.wallet|order|top` with the provider) and follows its
 * answer. A failure is thrown as the mutation's (the caller's form or banner reports it).
 */
export async function startProviderPayment<R extends PaymentStarted>(start: () => Promise<R>): Promise<R> {
  const started = await start()
  followPayment(started)
  return started
}

/**
 * Calls a saved-card mutation (`trpc.tutor.payments.cardWallet|cardOrder|cardTop`) and follows it:
 * the bank's page when it wants the buyer, else the return page, which shows the outcome.
 * `localePath` gives the return page its language prefix.
 */
export async function startCardPayment<R extends CardPaymentAnswer>(
  start: () => Promise<R>,
  localePath: (p: string) => string = (p) => p,
): Promise<R> {
  const answer = await start()
  window.location.assign(answer.url ? answer.url : localePath(returnPagePath(answer.payment_id)))
  return answer
}
