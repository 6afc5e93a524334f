// The order's facts as every order screen shows them (the order page, both cabinets, the panel):
// its status badge and its request as a definition list.
import type { ReactNode } from 'react'
import { Badge, type BadgeTone } from '../ui/Badge'
import { useFormatDate } from '../ui/Date'
import type { OrdersText } from './text'

const STATUS_TONE: Record<number, BadgeTone> = {
  1: 'blue',
  2: 'indigo',
  3: 'violet',
  4: 'amber',
  5: 'orange',
  6: 'slate',
  7: 'green',
  8: 'rose',
}

export function StatusBadge({ status, ot }: { status: number; ot: OrdersText }) {
  return (
    <Badge pill tone={STATUS_TONE[status] ?? 'grey'} data-testid="order-status" data-status={status}>
      {ot(`orders.status.${status}` as never)}
    </Badge>
  )
}

export function placesText(places: readonly (string | false)[] | null | undefined, ot: OrdersText): string {
  return (places ?? [])
    .filter((p): p is string => !!p)
    .map((p) => ot(`orders.place.${p}` as never))
    .join(', ')
}

export interface OrderFactsView {
  id: number
  status: number
  lesson?: { name: string } | null
  lesson_name?: string | null
  level?: { name: string } | null
  level_name?: string | null
  city?: { name: string } | null
  city_name?: string | null
  district_name?: string | null
  form_location: readonly (string | false)[]
  client_place?: string | null
  class_regularity?: number | null
  class_duration?: number | null
  first_class?: string | null
  date_payment_deadline?: string | null
  description?: string | null
  info?: string | null
  created_at?: string | null
}

/** The staff view's client and tutor rows for OrderFacts (the order page's and the panel editor's). */
export function partyFacts(
  order: {
    client_name: string | null
    client_phone: string | null
    client_email: string | null
    tutor_id: number | null
    personal_tutor_name?: string | null
    tutors: readonly { tutor_id: number; name: string }[]
  },
  ot: OrdersText,
): [string, ReactNode][] {
  const appointed = order.tutors.find((t) => t.tutor_id === order.tutor_id)?.name
  return [
    [ot('orders.client'), [order.client_name, order.client_phone, order.client_email].filter(Boolean).join(' · ')],
    [
      ot('orders.tutor'),
      appointed ??
        (order.personal_tutor_name ? ot('orders.chosen_by_client', { name: order.personal_tutor_name }) : null),
    ],
  ]
}

/** The client's view of where its request stands (the server's client_stage). */
export interface ClientStageView {
  client_stage: string
  personal_tutor?: { name: string } | null
  tutor?: { name: string } | null
  first_class?: string | null
}

/** The stage as a badge, in the client's words (the order statuses are the staff's). */
export function ClientStageBadge({ order, ot }: { order: ClientStageView; ot: OrdersText }) {
  const tone: BadgeTone = order.client_stage === 'closed' ? 'slate' : order.client_stage === 'done' ? 'green' : 'blue'
  return (
    <Badge pill tone={tone} data-testid="client-stage-badge" data-stage={order.client_stage}>
      {ot(`orders.stage_short.${order.client_stage}` as never)}
    </Badge>
  )
}

/** The stage as a sentence: who has the request and what happens next. */
export function ClientStageText({ order, ot }: { order: ClientStageView; ot: OrdersText }) {
  const fmt = useFormatDate()
  const tutor = order.tutor?.name ?? order.personal_tutor?.name ?? ''
  return (
    <span data-testid="client-stage">
      {ot(`orders.stage.${order.client_stage}` as never, { tutor, date: fmt(order.first_class) ?? '' } as never)}
    </span>
  )
}

/** The order's request as a definition list. */
export function OrderFacts({
  order,
  ot,
  extra,
}: {
  order: OrderFactsView
  ot: OrdersText
  extra?: [string, ReactNode][]
}) {
  const fmt = useFormatDate()
  const city = order.city?.name ?? order.city_name
  const rows: [string, ReactNode][] = [
    [ot('orders.subject'), order.lesson?.name ?? order.lesson_name],
    [ot('orders.level'), order.level?.name ?? order.level_name],
    [ot('orders.place'), [placesText(order.form_location, ot), city, order.district_name].filter(Boolean).join(' · ')],
    [ot('orders.address'), order.client_place],
    [ot('orders.regularity'), order.class_regularity || null],
    [ot('orders.duration'), order.class_duration || null],
    [ot('orders.first_class'), fmt(order.first_class)],
    [ot('orders.deadline'), fmt(order.date_payment_deadline, false)],
    [ot('orders.comment'), [order.description, order.info].filter(Boolean).join('\n')],
    [ot('orders.created'), fmt(order.created_at)],
    ...(extra ?? []),
  ]
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{v}</dd>
          </div>
        ))}
    </dl>
  )
}
