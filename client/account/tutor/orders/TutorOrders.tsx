// /orders/{category}: the tutor's orders by category (new, my, new_personal, new_online,
// new_potential, new_offline, active, archive) with counts, each card with the tutor's actions. Shown in
// the cabinet's frame (TutorCabinet loads this chunk); an empty tab says how requests arrive and what
// to do meanwhile.
import { Link } from 'wouter'
import { trpc } from '../../../lib/trpc'
import { useLocalePath } from '../../../lib/paths'
import { OrderCard } from '../../../orders/OrderCard'
import { TutorActions } from '../../../orders/PartyActions'
import { useOrdersText } from '../../../orders/text'
import { StatusBanner } from '../../../ui/Banner'
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
    <div className="flex min-w-0 flex-col gap-5" data-testid="tutor-orders">
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
      {list.data && !list.data.items.length && <NoOrders />}
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

/** An empty tab: how requests come (personal, potential, notifications) and what helps meanwhile. */
function NoOrders() {
  const ot = useOrdersText()
  const href = useLocalePath()
  const link = 'rounded-lg border border-brand px-4 py-2 text-sm font-semibold text-brand-dark hover:bg-brand/10'
  return (
    <div
      data-testid="orders-empty"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="text-lg font-semibold text-slate-900">{ot('orders.tutor.empty_title')}</p>
      <div>
        <p className="text-sm font-semibold text-slate-900">{ot('orders.tutor.empty_how')}</p>
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          <li>{ot('orders.tutor.empty_personal')}</li>
          <li>{ot('orders.tutor.empty_potential')}</li>
          <li>{ot('orders.tutor.empty_told')}</li>
        </ul>
      </div>
      <div>
        <p className="text-sm font-semibold text-slate-900">{ot('orders.tutor.empty_meanwhile')}</p>
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          <li>{ot('orders.tutor.empty_profile')}</li>
          <li>{ot('orders.tutor.empty_top')}</li>
          <li>{ot('orders.tutor.empty_response')}</li>
        </ul>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link href={href('/profile/')} className={link}>
          {ot('orders.tutor.go_profile')}
        </Link>
        <Link href={href('/tops')} className={link}>
          {ot('orders.tutor.go_tops')}
        </Link>
      </div>
    </div>
  )
}
