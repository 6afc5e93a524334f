// /wallet: the tutor's balance, a top-up through a provider or a saved card, the orders waiting for
// their fee (paid from the balance or through a provider), the saved cards and the history with paging
// (docs/api.md#tutor-wallet-payments-top; docs/contract.md#payments). Providers and cards: ProviderChoice.
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { OrderStatus } from '../../../../common/order-status'
import { moneyText } from '../../../../common/money'
import { type AreaText, useAreaText } from '../../../lib/area-text'
import { useSite } from '../../../lib/site'
import { trpc } from '../../../lib/trpc'
import { showError, showSuccess } from '../../../ui/Banner'
import { Button } from '../../../ui/Button'
import { Card, PageTitle } from '../../../ui/Card'
import { ConfirmDialog } from '../../../ui/Dialog'
import { Form, FormCheckbox, FormTextField, Submit } from '../../../ui/form/Form'
import { useActionForm } from '../../../ui/form/use-action-form'
import { useFormatDate } from '../../../ui/Date'
import { Price } from '../../../ui/Price'
import { ErrorText, Loading, Skeleton } from '../../../ui/State'
import { type Column, PagedTable } from '../../../ui/Table'
import {
  type SavedCard,
  ProviderChoice,
  choiceOf,
  defaultChoice,
  usePayWith,
  usePaymentOptions,
  useProviderName,
} from './ProviderChoice'

/** The invoice of a paid provider payment (billing data, GET /tutor/billing_data/get_invoice_file). */
export const invoicePath = (paymentId: number) => `/tutor/billing_data/get_invoice_file?payment_id=${paymentId}`

/** The edition's currency is written with its sign (₴, zł…); any other with its code. */
function useCurrencySign() {
  const { edition } = useSite()
  return (currency: string) => (currency === edition.currency ? edition.currencyIcon : currency)
}

/** An amount as the site writes it (client/ui/Price). */
export function useMoney() {
  const sign = useCurrencySign()
  return (minor: number, currency: string) => <Price minor={minor} currency={sign(currency)} />
}

/** The same as a text, for sentences ("Fee: 200 ₴"). */
function useMoneyText() {
  const sign = useCurrencySign()
  return (minor: number, currency: string) => moneyText(minor, sign(currency))
}

type HistoryItem = {
  id: number
  amount_minor: number
  currency: string
  kind: string
  reference: string | null
  payment_id: number | null
  order_id: number | null
  created_at: string
}

function kindText(wt: AreaText<'wallet'>, item: HistoryItem): string {
  const key = `wallet.kind.${item.kind}` as Parameters<typeof wt>[0]
  const kind = wt(key) === key ? item.kind : wt(key)
  const m = item.reference ? /^(order|top|payment):(\d+)$/.exec(item.reference) : null
  if (!m) return kind
  const ref = `${kind}, ${wt(`wallet.ref.${m[1] as 'order' | 'top' | 'payment'}`, { id: m[2]! })}`
  // A provider payment of an order's fee (and its refunds) names the order too.
  return m[1] === 'payment' && item.order_id ? `${ref}, ${wt('wallet.ref.order', { id: item.order_id })}` : ref
}

export function WalletPage() {
  const wt = useAreaText('wallet')
  const [page, setPage] = useState(1)
  const history = trpc.tutor.wallet.history.useQuery({ page }, { placeholderData: keepPreviousData })
  const options = usePaymentOptions()
  const money = useMoney()
  return (
    <div className="flex flex-col gap-5" data-testid="wallet">
      <PageTitle>{wt('wallet.title')}</PageTitle>
      <Card title={wt('wallet.balance')} id="wallet-balance">
        {history.data ? (
          <p className="text-3xl font-bold text-slate-900" data-testid="wallet-balance">
            {money(history.data.balance_minor, history.data.currency)}
          </p>
        ) : history.isError ? (
          <ErrorText>{wt('wallet.error')}</ErrorText>
        ) : (
          <Skeleton lines={1} className="w-40" />
        )}
      </Card>
      {options.loading ? (
        <Skeleton />
      ) : (
        <>
          <TopUpCard providers={options.providers} cards={options.cards} currency={history.data?.currency ?? ''} />
          <WaitingOrders
            providers={options.providers}
            cards={options.cards}
            balanceMinor={history.data?.balance_minor ?? 0}
          />
        </>
      )}
      <HistoryCard list={history} page={page} onPage={setPage} />
      <CardsCard />
    </div>
  )
}

function TopUpCard({ providers, cards, currency }: { providers: string[]; cards: SavedCard[]; currency: string }) {
  const wt = useAreaText('wallet')
  const { edition } = useSite()
  const start = trpc.tutor.payments.wallet.useMutation()
  const startCard = trpc.tutor.payments.cardWallet.useMutation()
  const payWith = usePayWith()
  const { form, submit, pending } = useActionForm(() => import('./pay-schemas').then((m) => m.ZTopUpForm), {
    defaults: { sum: '', choice: defaultChoice({ providers, cards }) },
    action: async (v) => {
      const choice = choiceOf(v.choice, { providers, cards })
      if (!choice) throw new Error('validation.required')
      return payWith(choice, {
        provider: (provider) => start.mutateAsync({ provider, sum: v.sum }),
        card: (card) => startCard.mutateAsync({ provider: card.provider, card_id: card.id, sum: v.sum }),
      })
    },
  })
  return (
    <Card title={wt('wallet.topup_title')} id="wallet-topup">
      {providers.length === 0 ? (
        <p className="text-slate-600">{wt('wallet.no_providers')}</p>
      ) : (
        <Form
          form={form}
          onSubmit={submit}
          className="flex flex-wrap items-start gap-3"
          aria-label={wt('wallet.topup_title')}
        >
          <FormTextField
            name="sum"
            id="wallet-sum"
            label={wt('wallet.sum', { currency: currency === edition.currency ? edition.currencyIcon : currency })}
            inputMode="decimal"
            autoComplete="off"
            className="w-40"
          />
          <ProviderChoice name="choice" id="wallet-choice" providers={providers} cards={cards} />
          <Submit pending={pending} className="sm:mt-6">
            {wt('wallet.topup_submit')}
          </Submit>
        </Form>
      )}
    </Card>
  )
}

function WaitingOrders({
  providers,
  cards,
  balanceMinor,
}: {
  providers: string[]
  cards: SavedCard[]
  balanceMinor: number
}) {
  const wt = useAreaText('wallet')
  // The tutor's active orders hold those waiting for payment (server/domain/orders/tutor-orders.ts).
  const active = trpc.tutor.orders.list.useQuery({ category: 'active', page: 1 })
  const waiting = (active.data?.items ?? []).filter(
    (o) => o.status === OrderStatus.WaitingForPay && (o.fee_minor ?? 0) > 0,
  )
  return (
    <Card title={wt('wallet.orders_title')} id="wallet-orders" testId="wallet-orders">
      {active.isPending ? (
        <Loading text={wt('wallet.loading')} />
      ) : active.isError ? (
        <ErrorText>{wt('wallet.error')}</ErrorText>
      ) : waiting.length === 0 ? (
        <p className="text-slate-600">{wt('wallet.orders_empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {waiting.map((o) => (
            <WaitingOrder key={o.id} order={o} providers={providers} cards={cards} balanceMinor={balanceMinor} />
          ))}
        </ul>
      )}
    </Card>
  )
}

type WaitingOrderRow = {
  id: number
  fee_minor: number | null
  fee_currency: string | null
  lesson: { name: string } | null
  client_name: string
  date_payment_deadline: string | null
}

function WaitingOrder({
  order,
  providers,
  cards,
  balanceMinor,
}: {
  order: WaitingOrderRow
  providers: string[]
  cards: SavedCard[]
  balanceMinor: number
}) {
  const wt = useAreaText('wallet')
  const { edition } = useSite()
  const date = useFormatDate()
  const moneyText = useMoneyText()
  const utils = trpc.useUtils()
  const fee = order.fee_minor ?? 0
  const sum = moneyText(fee, order.fee_currency ?? edition.currency)
  const payOrder = trpc.tutor.wallet.payOrder.useMutation({
    onSuccess: async () => {
      showSuccess(wt('wallet.order_paid', { id: order.id }))
      await Promise.all([utils.tutor.wallet.history.invalidate(), utils.tutor.orders.invalidate()])
    },
    onError: showError,
  })
  const start = trpc.tutor.payments.order.useMutation()
  const startCard = trpc.tutor.payments.cardOrder.useMutation()
  const payWith = usePayWith()
  const { form, submit, pending } = useActionForm(() => import('./pay-schemas').then((m) => m.ZOrderPayForm), {
    defaults: { choice: defaultChoice({ providers, cards }), save_token: false },
    action: async (v) => {
      const choice = choiceOf(v.choice, { providers, cards })
      if (!choice) throw new Error('validation.required')
      return payWith(choice, {
        provider: (provider) => start.mutateAsync({ provider, order_id: order.id, save_token: !!v.save_token }),
        card: (card) => startCard.mutateAsync({ provider: card.provider, card_id: card.id, order_id: order.id }),
      })
    },
  })
  const enough = balanceMinor >= fee
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid={`waiting-order-${order.id}`}>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="font-semibold text-slate-900">{wt('wallet.order_name', { id: order.id })}</span>
        <span className="text-slate-700">{[order.lesson?.name, order.client_name].filter(Boolean).join(' · ')}</span>
        <span className="font-medium text-slate-900 tabular-nums">{wt('wallet.order_fee', { sum })}</span>
        {order.date_payment_deadline && (
          <span className="text-sm text-amber-800">
            {wt('wallet.order_deadline', { date: date(order.date_payment_deadline, false) })}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <ConfirmDialog
          trigger={
            <Button variant="primary" disabled={!enough || payOrder.isPending}>
              {wt('wallet.pay_from_wallet')}
            </Button>
          }
          title={wt('wallet.pay_from_wallet_title')}
          description={wt('wallet.pay_from_wallet_text', { sum, id: order.id })}
          confirm={wt('wallet.pay_from_wallet')}
          cancel={wt('wallet.cancel')}
          variant="primary"
          onConfirm={() => payOrder.mutateAsync({ order_id: order.id })}
        />
        {providers.length > 0 && (
          <Form
            form={form}
            onSubmit={submit}
            className="flex flex-wrap items-end gap-3"
            aria-label={wt('wallet.pay_by_provider')}
          >
            <ProviderChoice name="choice" id={`order-${order.id}-choice`} providers={providers} cards={cards} />
            <Submit pending={pending} variant="secondary">
              {wt('wallet.pay_by_provider')}
            </Submit>
            <FormCheckbox name="save_token" label={wt('wallet.save_card')} />
          </Form>
        )}
      </div>
      {!enough && <p className="text-sm text-slate-600">{wt('wallet.not_enough')}</p>}
    </li>
  )
}

function HistoryCard({
  list,
  page,
  onPage,
}: {
  list: { data?: { items: HistoryItem[]; total: number }; isError: boolean; isFetching: boolean }
  page: number
  onPage: (p: number) => void
}) {
  const wt = useAreaText('wallet')
  const date = useFormatDate()
  const money = useMoney()
  const columns: Column<HistoryItem>[] = [
    { key: 'date', header: wt('wallet.col_date'), cell: (r) => date(r.created_at), className: 'whitespace-nowrap' },
    { key: 'kind', header: wt('wallet.col_kind'), cell: (r) => kindText(wt, r) },
    {
      key: 'amount',
      header: wt('wallet.col_amount'),
      className: 'text-right whitespace-nowrap',
      cell: (r) => (
        <span className={r.amount_minor < 0 ? 'text-red-800' : 'text-emerald-800'}>
          {r.amount_minor > 0 ? '+' : ''}
          {money(r.amount_minor, r.currency)}
        </span>
      ),
    },
    {
      key: 'document',
      header: wt('wallet.col_document'),
      // A paid provider payment's credit has its invoice (the billing data's PDF).
      cell: (r) =>
        r.kind === 'top_up' && r.payment_id ? (
          <a
            href={invoicePath(r.payment_id)}
            className="font-medium text-brand-dark underline underline-offset-2"
            target="_blank"
            rel="noopener"
          >
            {wt('wallet.invoice')}
          </a>
        ) : null,
    },
  ]
  return (
    <Card title={wt('wallet.history')} id="wallet-history">
      <PagedTable
        list={list}
        title={wt('wallet.history')}
        columns={columns}
        rowKey={(r) => r.id}
        stacked
        page={page}
        onPage={onPage}
        t={(key, params) =>
          key === 'panel.loading'
            ? wt('wallet.loading')
            : key === 'p.error'
              ? wt('wallet.error')
              : wt(`wallet.${key}`, params)
        }
      />
    </Card>
  )
}

function CardsCard() {
  const wt = useAreaText('wallet')
  const options = usePaymentOptions()
  const providerName = useProviderName()
  const date = useFormatDate()
  const del = trpc.tutor.payments.deleteCard.useMutation({
    onSuccess: async () => {
      showSuccess(wt('wallet.card_deleted'))
      await options.refetchCards()
    },
    onError: showError,
  })
  return (
    <Card title={wt('wallet.cards_title')} id="wallet-cards">
      {options.allCards.length === 0 ? (
        <p className="text-slate-600">{wt('wallet.cards_empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {options.allCards.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="font-medium text-slate-900 tabular-nums">{c.mask}</span>
              <span className="text-sm text-slate-600">
                {providerName(c.provider)} · {date(c.created_at, false)}
              </span>
              <ConfirmDialog
                size="sm"
                trigger={
                  <Button size="sm" variant="ghost" className="ml-auto">
                    {wt('wallet.card_delete')}
                  </Button>
                }
                title={wt('wallet.card_delete_title')}
                description={wt('wallet.card_delete_text', { mask: c.mask })}
                confirm={wt('wallet.card_delete')}
                cancel={wt('wallet.cancel')}
                onConfirm={() => del.mutateAsync({ card_id: c.id })}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
