// /tops: the tutor's TOP placements (running, and bought extensions still to start) and the form to buy
// one (docs/api.md#tutor-wallet-payments-top top): a subject, where (a city of the tutor's places, or online), how
// long; paid from the wallet after a confirmation that shows the balance, or by card. What may be
// bought and its price come from the server (GET /tutor/top/get offers; rules in
// server/domain/catalogue/top-rules.ts). A refusal for want of money says so and links to /wallet.
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'wouter'
import { moneyText } from '../../../../common/money'
import { envelopeOf } from '../../../lib/api-errors'
import { useAreaText } from '../../../lib/area-text'
import { useLocalePath } from '../../../lib/paths'
import { useSite } from '../../../lib/site'
import { trpc } from '../../../lib/trpc'
import { showSuccess } from '../../../ui/Banner'
import { Button } from '../../../ui/Button'
import { Card, PageTitle } from '../../../ui/Card'
import { formatDate } from '../../../ui/Date'
import { ConfirmDialog } from '../../../ui/Dialog'
import { Form, FormSelect } from '../../../ui/form/Form'
import { useActionForm } from '../../../ui/form/use-action-form'
import { EmptyState, ErrorText, Loading } from '../../../ui/State'
import { DataTable } from '../../../ui/Table'
import {
  ProviderChoice,
  type SavedCard,
  choiceOf,
  defaultChoice,
  usePayWith,
  usePaymentOptions,
} from './ProviderChoice'

const DAY = 86_400_000
/** The slot's schema and how to pay (a provider or a saved card: ProviderChoice's value). */
const schema = () =>
  Promise.all([import('zod'), import('../../../../common/schemas/tutor/payments.schema')]).then(([{ z }, m]) =>
    z.intersection(m.ZTopPayFromWallet, z.object({ pay_with: z.string() })),
  )

interface Offer {
  lesson_id: number
  city_id: number | null
  days: number
  price_minor: number
  currency: string
}
interface Names {
  lesson: (id: number) => string
  place: (cityId: number | null) => string
}

export function TopsPage() {
  const at = useAreaText('tops')
  const { locale } = useSite()
  const tops = trpc.tutor.top.get.useQuery()
  const wallet = trpc.tutor.wallet.history.useQuery({ page: 1 })
  const reference = trpc.public.reference.tutorProfile.useQuery({ lang: locale, types: ['lessons', 'cities'] })
  const payment = usePaymentOptions()
  const names = useMemo<Names>(() => {
    const lessons = new Map((reference.data?.lessons ?? []).map((l) => [l.id, l.name]))
    const cities = new Map((reference.data?.cities ?? []).map((c) => [c.id, c.name]))
    return {
      lesson: (id) => lessons.get(id) ?? `#${id}`,
      place: (cityId) => (cityId === null ? at('tops.online') : (cities.get(cityId) ?? `#${cityId}`)),
    }
  }, [reference.data, at])

  return (
    <div className="flex flex-col gap-6" data-testid="tops-page">
      <div>
        <PageTitle>{at('tops.title')}</PageTitle>
        <p className="-mt-2 text-sm text-slate-700">{at('tops.intro')}</p>
      </div>
      {tops.isError || wallet.isError ? (
        <ErrorText>{at('tops.load_error')}</ErrorText>
      ) : !tops.data || !wallet.data || !reference.data || payment.loading ? (
        <Loading text={at('tops.loading')} />
      ) : (
        <>
          <ActiveTops items={tops.data.items} names={names} />
          <BuyTop
            offers={tops.data.offers}
            balance={{ minor: wallet.data.balance_minor, currency: wallet.data.currency }}
            payment={{ providers: payment.providers, cards: payment.cards }}
            names={names}
          />
        </>
      )}
    </div>
  )
}

type Placement = {
  id: number
  lesson_id: number
  city_id: number | null
  starts_at: string
  ends_at: string
  active: boolean
}

function ActiveTops({ items, names }: { items: Placement[]; names: Names }) {
  const at = useAreaText('tops')
  const { locale } = useSite()
  const now = Date.now()
  // Running ones and bought extensions not started yet, the soonest to end first.
  const current = items
    .filter((p) => Date.parse(p.ends_at) > now)
    .sort((a, b) => Date.parse(a.ends_at) - Date.parse(b.ends_at))
  const date = (iso: string) => formatDate(iso, locale, { time: false })
  return (
    <Card title={at('tops.active_title')} id="tops-active" testId="tops-active">
      <DataTable
        stacked
        label={at('tops.active_label')}
        empty={at('tops.none_active')}
        rows={current}
        rowKey={(p) => p.id}
        columns={[
          {
            key: 'subject',
            header: at('tops.col_subject'),
            cell: (p) => <span className="font-medium text-slate-900">{names.lesson(p.lesson_id)}</span>,
          },
          { key: 'where', header: at('tops.col_where'), cell: (p) => names.place(p.city_id) },
          {
            key: 'until',
            header: at('tops.col_until'),
            cell: (p) => (
              <span data-testid="top-until">
                {date(p.ends_at)}
                {Date.parse(p.starts_at) > now && (
                  <span className="ml-2 text-xs text-slate-500">
                    ({at('tops.starts', { date: date(p.starts_at) })})
                  </span>
                )}
              </span>
            ),
          },
          {
            key: 'left',
            header: at('tops.col_left'),
            className: 'text-right tabular-nums',
            cell: (p) => Math.max(0, Math.ceil((Date.parse(p.ends_at) - now) / DAY)),
          },
        ]}
      />
    </Card>
  )
}

const cityValue = (cityId: number | null) => (cityId === null ? '' : String(cityId))

function BuyTop({
  offers,
  balance,
  payment,
  names,
}: {
  offers: Offer[]
  balance: { minor: number; currency: string }
  payment: { providers: string[]; cards: SavedCard[] }
  names: Names
}) {
  const at = useAreaText('tops')
  const { locale, edition } = useSite()
  const href = useLocalePath()
  const utils = trpc.useUtils()
  const pay = trpc.tutor.top.payFromWallet.useMutation()
  const payProvider = trpc.tutor.payments.top.useMutation()
  const payCard = trpc.tutor.payments.cardTop.useMutation()
  const payWith = usePayWith()
  const [problem, setProblem] = useState<null | { kind: 'short' | 'full'; price: number; balance: number }>(null)
  // Which button sent the form: the wallet (after its confirmation) or the chosen provider or card.
  const way = useRef<'wallet' | 'provider'>('wallet')
  const [leaving, setLeaving] = useState(false)

  const lessons = [...new Set(offers.map((o) => o.lesson_id))]
  const first = offers[0]
  const { form, submit, pending } = useActionForm(schema, {
    defaults: {
      lesson_id: first ? String(first.lesson_id) : '',
      city_id: first ? cityValue(first.city_id) : '',
      days: first ? String(first.days) : '',
      pay_with: defaultChoice(payment),
    },
    action: async ({ pay_with, ...slot }) => {
      setProblem(null)
      if (way.current === 'provider') {
        const choice = choiceOf(pay_with, payment)
        if (!choice) return null
        // The provider's page (or the return page) takes over; the placement is made when the payment is.
        await payWith(choice, {
          provider: (provider) => payProvider.mutateAsync({ ...slot, provider }),
          card: (card) => payCard.mutateAsync({ ...slot, card_id: card.id, provider: card.provider }),
        })
        setLeaving(true)
        return null
      }
      try {
        return await pay.mutateAsync(slot)
      } catch (error) {
        // 409: the wallet is short of the price, or the slot is full; the fresh balance tells which.
        if (envelopeOf(error)?.error !== 'wrong_status') throw error
        const fresh = (await utils.tutor.wallet.history.fetch({ page: 1 }, { staleTime: 0 })).balance_minor
        const price = chosenOffer(offers, slot)?.price_minor ?? 0
        setProblem({ kind: fresh < price ? 'short' : 'full', price, balance: fresh })
        return null
      }
    },
    onDone: async (placement) => {
      if (!placement) return
      showSuccess(at('tops.bought', { date: formatDate(placement.ends_at, locale, { time: false }) }))
      await Promise.all([utils.tutor.top.get.invalidate(), utils.tutor.wallet.history.invalidate()])
    },
  })

  const values = form.watch()
  const cities = offers
    .filter((o) => String(o.lesson_id) === values.lesson_id)
    .map((o) => o.city_id)
    .filter((c, i, all) => all.indexOf(c) === i)
  const lengths = offers.filter(
    (o) => String(o.lesson_id) === values.lesson_id && cityValue(o.city_id) === values.city_id,
  )
  // Another subject may be taught in other cities: keep the choice to one the subject has.
  const cityChoices = cities.map(cityValue)
  const cityFix = cityChoices.length && !cityChoices.includes(values.city_id) ? cityChoices[0]! : null
  useEffect(() => {
    if (cityFix !== null) form.setValue('city_id', cityFix)
  }, [cityFix, form])
  const offer = chosenOffer(offers, values)
  // A refusal speaks of the choice it was made for: another choice clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice is the trigger, not a value read
  useEffect(() => setProblem(null), [values.lesson_id, values.city_id, values.days])

  if (!first)
    return (
      <Card title={at('tops.buy_title')} id="tops-buy">
        <EmptyState
          action={
            <Link href={href('/profile/')} className="font-medium text-brand-dark underline underline-offset-2">
              {at('tops.go_profile')}
            </Link>
          }
        >
          {at('tops.no_offers')}
        </EmptyState>
      </Card>
    )

  // Amounts in the edition's currency by its sign ("150 ₴"), as the catalogue writes prices.
  const money = (minor: number, code = balance.currency) =>
    moneyText(minor, code === edition.currency ? edition.currencyIcon : code)
  return (
    <Card title={at('tops.buy_title')} id="tops-buy" testId="tops-buy">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormSelect
            name="lesson_id"
            id="top-lesson"
            label={at('tops.lesson')}
            options={lessons.map((id) => ({ value: String(id), text: names.lesson(id) }))}
          />
          <FormSelect
            name="city_id"
            id="top-city"
            label={at('tops.where')}
            options={cities.map((c) => ({ value: cityValue(c), text: names.place(c) }))}
          />
          <FormSelect
            name="days"
            id="top-days"
            label={at('tops.days')}
            options={lengths.map((o) => ({
              value: String(o.days),
              text: at('tops.days_option', { days: o.days, price: money(o.price_minor, o.currency) }),
            }))}
          />
        </div>
        <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
          {offer && (
            <span className="text-base font-semibold text-slate-900" data-testid="top-price">
              {at('tops.price', { price: money(offer.price_minor, offer.currency) })}
            </span>
          )}
          <span className="text-slate-700" data-testid="top-balance">
            {at('tops.balance', { balance: money(balance.minor) })}
          </span>
          <Link href={href('/wallet')} className="font-medium text-brand-dark underline underline-offset-2">
            {at('tops.go_wallet')}
          </Link>
        </div>
        {problem && (
          <Card tone="danger" role="alert" testId="top-problem">
            <p className="text-sm font-medium text-red-900">
              {problem.kind === 'short'
                ? at('tops.short', { price: money(problem.price), balance: money(problem.balance) })
                : at('tops.full')}
            </p>
            {problem.kind === 'short' && (
              <Link
                href={href('/wallet')}
                className="mt-1 inline-block text-sm font-semibold text-red-900 underline underline-offset-2"
              >
                {at('tops.go_wallet')}
              </Link>
            )}
          </Card>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <ConfirmDialog
            variant="primary"
            trigger={
              <Button disabled={pending || !offer} aria-busy={pending || undefined}>
                {at('tops.buy_wallet')}
              </Button>
            }
            title={at('tops.confirm_title')}
            description={
              offer
                ? at('tops.confirm_text', {
                    subject: names.lesson(offer.lesson_id),
                    where: names.place(offer.city_id),
                    days: offer.days,
                    price: money(offer.price_minor, offer.currency),
                    balance: money(balance.minor),
                  })
                : ''
            }
            confirm={at('tops.confirm')}
            cancel={at('tops.cancel')}
            onConfirm={() => {
              way.current = 'wallet'
              return submit()
            }}
          />
        </div>
        {payment.providers.length > 0 || payment.cards.length > 0 ? (
          <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4" data-testid="top-pay-card">
            <div className="min-w-56">
              <ProviderChoice name="pay_with" id="top-pay-with" providers={payment.providers} cards={payment.cards} />
            </div>
            <Button
              variant="secondary"
              disabled={pending || leaving || !offer}
              aria-busy={(pending && way.current === 'provider') || undefined}
              onClick={() => {
                way.current = 'provider'
                void submit()
              }}
            >
              {at('tops.pay_card')}
            </Button>
            <span className="pb-2 text-xs text-slate-600">{leaving ? at('tops.paying') : at('tops.card_hint')}</span>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{at('tops.no_card')}</p>
        )}
      </Form>
    </Card>
  )
}

function chosenOffer(offers: Offer[], v: { lesson_id: unknown; city_id: unknown; days: unknown }): Offer | undefined {
  return offers.find(
    (o) => String(o.lesson_id) === v.lesson_id && cityValue(o.city_id) === v.city_id && String(o.days) === v.days,
  )
}
