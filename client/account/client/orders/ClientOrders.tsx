// /client_orders: the client's orders, active and archive tabs (?tab=archive), each card linking to
// /zayavka/{id}/ with the actions possible now (choose a responder, first lesson, review).
import { useSearch } from 'wouter'
import { trpc } from '../../../lib/trpc'
import { useLocalePath } from '../../../lib/paths'
import { OrderCard } from '../../../orders/OrderCard'
import { ClientStageBadge, ClientStageText } from '../../../orders/OrderFacts'
import { ClientActions } from '../../../orders/PartyActions'
import { useOrdersText } from '../../../orders/text'
import { StatusBanner } from '../../../ui/Banner'
import { EmptyState } from '../../../ui/State'
import { LinkTabs } from '../../../ui/Tabs'

export default function ClientOrders() {
  const ot = useOrdersText()
  const href = useLocalePath()
  const tab = new URLSearchParams(useSearch()).get('tab') === 'archive' ? 'archive' : 'active'
  const active = trpc.clientArea.orders.active.useQuery({ page: 1 })
  const archive = trpc.clientArea.orders.archive.useQuery({ page: 1 })
  const list = tab === 'active' ? active : archive
  return (
    <div className="flex flex-col gap-5" data-testid="client-orders">
      <StatusBanner />
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{ot('orders.client.title')}</h1>
        <a href={href('/')} className="ml-auto text-sm font-medium text-brand-dark underline underline-offset-2">
          {ot('orders.client.new_request')}
        </a>
      </div>
      <LinkTabs
        label={ot('orders.client.title')}
        current={tab}
        tabs={[
          { key: 'active', href: href('/client_orders'), label: ot('orders.client.active'), count: active.data?.total },
          {
            key: 'archive',
            href: href('/client_orders?tab=archive'),
            label: ot('orders.client.archive'),
            count: archive.data?.total,
          },
        ]}
      />
      {list.isPending && <p className="text-slate-500">{ot('orders.loading')}</p>}
      {list.data && !list.data.items.length && <EmptyState>{ot('orders.empty')}</EmptyState>}
      <ul className="flex flex-col gap-4">
        {list.data?.items.map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            ot={ot}
            badge={<ClientStageBadge order={o} ot={ot} />}
            who={<ClientStageText order={o} ot={ot} />}
            showFirstClass={o.client_stage !== 'first_lesson'}
          >
            <ClientCardActions id={o.id} />
          </OrderCard>
        ))}
      </ul>
    </div>
  )
}

/** The card's actions need the order in full (its responders): loaded per card. */
function ClientCardActions({ id }: { id: number }) {
  const ot = useOrdersText()
  const order = trpc.clientArea.orders.get.useQuery({ id })
  return order.data ? <ClientActions order={order.data} ot={ot} /> : null
}
