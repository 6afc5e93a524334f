// One order in a cabinet list: status, subject, place, dates, a link to /zayavka/{id}/ and the
// actions the viewer may take from the list.
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useLocalePath } from '../lib/paths'
import { type OrderFactsView, StatusBadge, placesText } from './OrderFacts'
import type { OrdersText } from './text'
import { useFormatDate } from '../ui/Date'

export function OrderCard({
  order,
  ot,
  who,
  badge,
  showFirstClass = true,
  children,
}: {
  order: OrderFactsView & { tutor?: { name: string } | null }
  ot: OrdersText
  who?: ReactNode
  /** Replaces the status badge (the client's cards show the client's stage). */
  badge?: ReactNode
  /** Off where `who` already names the first lesson's date (the client's "first lesson" stage). */
  showFirstClass?: boolean
  children?: ReactNode
}) {
  const href = useLocalePath()
  const fmt = useFormatDate()
  return (
    <li
      data-testid="order-card"
      data-order={order.id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Link
          href={href(`/zayavka/${order.id}/`)}
          className="text-lg font-semibold text-slate-900 hover:text-brand-dark hover:underline"
        >
          {ot('orders.order_n', { id: order.id })}
        </Link>
        {badge ?? <StatusBadge status={order.status} ot={ot} />}
        <span className="ml-auto text-sm text-slate-500">{fmt(order.created_at, false)}</span>
      </div>
      <p className="text-slate-800">
        <span className="font-medium">{order.lesson?.name ?? order.lesson_name}</span>
        {order.level?.name ? ` · ${order.level.name}` : ''}
        {order.form_location.length ? ` · ${placesText(order.form_location, ot)}` : ''}
        {order.city?.name ? ` · ${order.city.name}` : ''}
      </p>
      {(who || (showFirstClass && order.first_class)) && (
        <p className="text-sm text-slate-600">
          {who}
          {who && showFirstClass && order.first_class ? ' · ' : ''}
          {showFirstClass && order.first_class ? `${ot('orders.first_class')}: ${fmt(order.first_class)}` : ''}
        </p>
      )}
      {children}
    </li>
  )
}
