// /pay/local/{reference}: the `local` provider's "bank" (docs/payments.md; development and tests only).
// Public: a bank's page never needs our session. It shows what its signed query says (the server checks
// the signature: an altered link is 404), and its Pay / Decline buttons make the server send itself
// the signed notification a real provider would; then the buyer goes back to the return page.
import { useState } from 'react'
import { moneyText } from '../../../../common/money'
import { useAreaText } from '../../../lib/area-text'
import { trpc } from '../../../lib/trpc'
import { showError } from '../../../ui/Banner'
import { Button } from '../../../ui/Button'
import { Card, PageTitle } from '../../../ui/Card'
import { ErrorText, Loading, Spinner } from '../../../ui/State'

export default function LocalBankPage({ reference }: { reference: string }) {
  const wt = useAreaText('wallet')
  const [query] = useState(() => (typeof window === 'undefined' ? '' : window.location.search.replace(/^\?/, '')))
  const input = { payment_ref: reference, query }
  const page = trpc.public.payments.localPage.useQuery(input, { retry: false, refetchOnWindowFocus: false })
  const [leaving, setLeaving] = useState(false)
  const [refused, setRefused] = useState(false)
  const press = trpc.public.payments.localPress.useMutation({
    onSuccess: (r) => {
      setRefused(!r.accepted)
      if (!r.accepted) return
      setLeaving(true)
      window.location.assign(r.return_url)
    },
    onError: showError,
  })
  const busy = press.isPending || leaving
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-5 px-4 py-10" data-testid="local-bank">
      <PageTitle>{wt('wallet.bank_title')}</PageTitle>
      <Card>
        {page.isPending && <Loading text={wt('wallet.loading')} />}
        {page.isError && <ErrorText>{wt('wallet.bank_not_found')}</ErrorText>}
        {page.data && (
          <div className="flex flex-col gap-5">
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{wt('wallet.bank_note')}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-600">{wt('wallet.bank_amount')}</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid="bank-amount">
                {moneyText(page.data.amount_minor, page.data.currency)}
              </dd>
              <dt className="text-slate-600">{wt('wallet.bank_description')}</dt>
              <dd className="text-slate-900">{page.data.description}</dd>
            </dl>
            {refused && <ErrorText>{wt('wallet.bank_refused')}</ErrorText>}
            {leaving ? (
              <Spinner text={wt('wallet.bank_returning')} />
            ) : (
              <div className="flex gap-3">
                <Button
                  disabled={busy}
                  aria-busy={press.isPending || undefined}
                  onClick={() => press.mutate({ ...input, outcome: 'paid' })}
                >
                  {wt('wallet.bank_pay')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => press.mutate({ ...input, outcome: 'failed' })}
                >
                  {wt('wallet.bank_decline')}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  )
}
