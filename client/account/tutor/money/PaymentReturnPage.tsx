// /wallet/payment?payment_id=N: where a provider sends the buyer back (server/domain/money/payments.ts
// RETURN_PATH). The return itself proves nothing: the page asks get_status (which also asks the
// provider) until the payment is paid, failed or refunded, with a spinner meanwhile, and gives up
// after POLL_LIMIT_MS with a message (the notification may still come; the wallet shows it then).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useAreaText } from '../../../lib/area-text'
import { useLocalePath } from '../../../lib/paths'
import { useSite } from '../../../lib/site'
import { trpc } from '../../../lib/trpc'
import { Card, PageTitle } from '../../../ui/Card'
import { ErrorText, Spinner } from '../../../ui/State'
import { moneyText } from '../../../../common/money'
import { CARDS_QUERY_KEY } from './ProviderChoice'

export const POLL_EVERY_MS = 1500
export const POLL_LIMIT_MS = 90_000

type Status = {
  status: 'pending' | 'paid' | 'failed' | 'refunded'
  purpose: 'wallet' | 'order' | 'top'
  amount_minor: number
  currency: string
}
type View = { kind: 'waiting' } | { kind: 'done'; payment: Status } | { kind: 'timeout' } | { kind: 'not_found' }

export function paymentIdOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('payment_id'))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function PaymentReturnPage() {
  const wt = useAreaText('wallet')
  const href = useLocalePath()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const queries = useQueryClient()
  const [view, setView] = useState<View>({ kind: 'waiting' })

  useEffect(() => {
    const id = paymentIdOf(window.location.search)
    if (!id) {
      setView({ kind: 'not_found' })
      return
    }
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    const poll = async () => {
      try {
        const p = await utils.client.tutor.payments.getStatus.mutate({ payment_id: id })
        if (stopped) return
        if (p.status !== 'pending') {
          setView({ kind: 'done', payment: p })
          // The balance, the orders, the TOPs and the saved cards changed with it.
          void Promise.all([
            utils.tutor.wallet.invalidate(),
            utils.tutor.orders.invalidate(),
            utils.tutor.top.invalidate(),
            queries.invalidateQueries({ queryKey: CARDS_QUERY_KEY }),
          ])
          return
        }
      } catch (error) {
        if (stopped) return
        const code = (error as { data?: { httpStatus?: number } })?.data?.httpStatus
        if (code === 404 || code === 403 || code === 401) {
          setView({ kind: 'not_found' })
          return
        }
        // A network hiccup: keep asking until the limit.
      }
      if (Date.now() - started >= POLL_LIMIT_MS) setView({ kind: 'timeout' })
      else timer = setTimeout(poll, POLL_EVERY_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [utils, queries])

  const sign = (c: string) => (c === edition.currency ? edition.currencyIcon : c)
  return (
    <div className="flex flex-col gap-5" data-testid="payment-return">
      <PageTitle>{wt('wallet.return_title')}</PageTitle>
      <Card>
        {view.kind === 'waiting' && <Spinner text={wt('wallet.return_waiting')} />}
        {view.kind === 'timeout' && <p className="text-slate-700">{wt('wallet.return_timeout')}</p>}
        {view.kind === 'not_found' && <ErrorText>{wt('wallet.return_not_found')}</ErrorText>}
        {view.kind === 'done' && (
          <div className="flex flex-col gap-1" data-status={view.payment.status}>
            <p className="text-sm text-slate-600">{wt(`wallet.purpose.${view.payment.purpose}`)}</p>
            {view.payment.status === 'paid' && (
              <p className="text-lg font-semibold text-emerald-800">
                {wt('wallet.return_paid', { sum: moneyText(view.payment.amount_minor, sign(view.payment.currency)) })}
              </p>
            )}
            {view.payment.status === 'failed' && (
              <p className="text-lg font-semibold text-red-800">{wt('wallet.return_failed')}</p>
            )}
            {view.payment.status === 'refunded' && (
              <p className="text-lg font-semibold text-slate-800">{wt('wallet.return_refunded')}</p>
            )}
          </div>
        )}
        {view.kind !== 'waiting' && (
          <p className="mt-4">
            {view.kind === 'done' && view.payment.purpose === 'top' ? (
              <Link href={href('/tops')} className="font-medium text-brand-dark underline underline-offset-2">
                {wt('wallet.back_tops')}
              </Link>
            ) : (
              <Link href={href('/wallet')} className="font-medium text-brand-dark underline underline-offset-2">
                {wt('wallet.back')}
              </Link>
            )}
          </p>
        )}
      </Card>
    </div>
  )
}
