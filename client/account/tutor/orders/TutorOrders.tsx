// /orders/{category}: the tutor's orders by category (new, my, new_personal, new_online,
// new_potential, new_offline, active, archive) with counts, each card with the tutor's actions.
import { trpc } from '../../../lib/trpc'
import { useLocalePath } from '../../../lib/paths'
import { OrderCard } from '../../../orders/OrderCard'
import { TutorActions } from '../../../orders/PartyActions'
import { useOrdersText } from '../../../orders/text'
import { StatusBanner } from '../../../ui/Banner'
import { EmptyState } from '../../../ui/State'
import { LinkTabs } from '../../../ui/Tabs'

// The API's categories (server/domain/orders/tutor-orders.ts TUTOR_CATEGORIES; that module is server-only).
const TUTOR_CATEGORIES = [
  'new',
  'my',
  'new_personal',
  'new_online',
  'new_potential',
  'new_offline',
  'active',
  'archive',
] as const
type TutorCategory = (typeof TUTOR_CATEGORIES)[number]

export function tutorCategoryOf(path: string): TutorCategory {
  const c = path.split('/')[2] ?? ''
  return (TUTOR_CATEGORIES as readonly string[]).includes(c) ? (c as TutorCategory) : 'new'
}

export default function TutorOrders({ path }: { path: string }) {
  const ot = useOrdersText()
  const href = useLocalePath()
  const category = tutorCategoryOf(path)
  // One call per tab: each answers its total, which the tab shows.
  const all = trpc.useQueries((t) => TUTOR_CATEGORIES.map((c) => t.tutor.orders.list({ category: c, page: 1 })))
  const list = all[TUTOR_CATEGORIES.indexOf(category)]!
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8" data-testid="tutor-orders">
      <StatusBanner />
      <h1 className="text-2xl font-bold text-slate-900">{ot('orders.tutor.title')}</h1>
      <LinkTabs
        label={ot('orders.tutor.title')}
        current={category}
        tabs={TUTOR_CATEGORIES.map((c, i) => ({
          key: c,
          href: href(`/orders/${c}`),
          label: ot(`orders.tutor.cat.${c}`),
          count: all[i]!.data?.total,
        }))}
      />
      {list.isPending && <p className="text-slate-500">{ot('orders.loading')}</p>}
      {list.data && !list.data.items.length && <EmptyState>{ot('orders.empty')}</EmptyState>}
      <ul className="flex flex-col gap-4">
        {list.data?.items.map((o) => (
          <OrderCard key={o.id} order={o} ot={ot} who={o.client_name}>
            <TutorActions order={o} ot={ot} />
          </OrderCard>
        ))}
      </ul>
    </div>
  )
}
