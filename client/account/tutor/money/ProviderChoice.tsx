// How to pay, for every money screen (wallet top-up, an order's fee, a TOP placement): one select of
// the providers this edition offers here and the tutor's saved cards. Its value is `p:{provider}` or
// `card:{id}` (choiceOf reads it back); payWith then starts the payment the choice names.
import { useQuery } from '@tanstack/react-query'
import { useAreaText } from '../../../lib/area-text'
import { useLocalePath } from '../../../lib/paths'
import { trpc } from '../../../lib/trpc'
import { FormSelect } from '../../../ui/form/Form'
import { type CardPaymentAnswer, type PaymentStarted, startCardPayment, startProviderPayment } from './start-payment'

export interface SavedCard {
  id: number
  provider: string
  mask: string
  created_at: string
}

export type Choice = { kind: 'provider'; provider: string } | { kind: 'card'; card: SavedCard }

/** The saved cards' query (get_cards is a POST, so a plain react-query query over the mutation). */
export const CARDS_QUERY_KEY = ['tutor.payments.getCards'] as const

/** The providers offered here (GET /tutor/wallet/history's `providers`) and the saved cards (get_cards). */
export function usePaymentOptions() {
  const utils = trpc.useUtils()
  const wallet = trpc.tutor.wallet.history.useQuery({ page: 1 })
  const cards = useQuery({ queryKey: CARDS_QUERY_KEY, queryFn: () => utils.client.tutor.payments.getCards.mutate() })
  const providers = wallet.data?.providers ?? []
  // A card of a provider no longer offered here cannot be charged.
  const usable = (cards.data?.items ?? []).filter((c) => providers.includes(c.provider))
  return {
    providers,
    cards: usable,
    allCards: cards.data?.items ?? [],
    loading: wallet.isPending || cards.isPending,
    refetchCards: cards.refetch,
  }
}

export const choiceValue = (c: Choice) => (c.kind === 'provider' ? `p:${c.provider}` : `card:${c.card.id}`)

/** The select's value back as a choice; null when it names nothing offered. */
export function choiceOf(value: string, options: { providers: string[]; cards: SavedCard[] }): Choice | null {
  if (value.startsWith('p:') && options.providers.includes(value.slice(2)))
    return { kind: 'provider', provider: value.slice(2) }
  const card = value.startsWith('card:') ? options.cards.find((c) => String(c.id) === value.slice(5)) : undefined
  return card ? { kind: 'card', card } : null
}

/** The first option: the first saved card, else the first provider. */
export function defaultChoice(options: { providers: string[]; cards: SavedCard[] }): string {
  const card = options.cards[0]
  if (card) return `card:${card.id}`
  return options.providers[0] ? `p:${options.providers[0]}` : ''
}

/** A provider's name as people know it (the wallet catalog: `wallet.provider.{id}`). */
export function useProviderName() {
  const wt = useAreaText('wallet')
  return (id: string) => {
    const key = `wallet.provider.${id}` as Parameters<typeof wt>[0]
    const name = wt(key)
    return name === key ? id : name
  }
}

/** The select, inside a <Form> built by useActionForm; `name` is the form's field holding the choice. */
export function ProviderChoice({
  name,
  id,
  providers,
  cards,
  label,
}: {
  name: string
  id: string
  providers: string[]
  cards: SavedCard[]
  label?: string
}) {
  const wt = useAreaText('wallet')
  const providerName = useProviderName()
  return (
    <FormSelect name={name} id={id} label={label ?? wt('wallet.pay_with')}>
      {cards.map((c) => (
        <option key={`card:${c.id}`} value={`card:${c.id}`}>
          {wt('wallet.card_option', { mask: c.mask, provider: providerName(c.provider) })}
        </option>
      ))}
      {providers.map((p) => (
        <option key={`p:${p}`} value={`p:${p}`}>
          {providerName(p)}
        </option>
      ))}
    </FormSelect>
  )
}

/**
 * Starts what a choice names, then sends the browser on: `provider(id)` calls the provider's start
 * mutation (wallet, order or top with `provider`), `card(card)` the saved-card one.
 */
export function usePayWith() {
  const href = useLocalePath()
  return <S extends PaymentStarted, C extends CardPaymentAnswer>(
    choice: Choice,
    calls: { provider: (provider: string) => Promise<S>; card: (card: SavedCard) => Promise<C> },
  ) =>
    choice.kind === 'provider'
      ? startProviderPayment(() => calls.provider(choice.provider))
      : startCardPayment(() => calls.card(choice.card), href)
}
