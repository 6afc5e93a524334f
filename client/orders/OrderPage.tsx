// /zayavka/{id}/: the order page for its parties and staff (rendered in the browser). Who reads it
// decides the call: staff GET /admin/order/get, the order's client /client/order/, a tutor on it
// /tutor/order/get. Anyone else (or a signed-out visitor) gets the 404 page, as the API answers.
import type { inferRouterOutputs } from '@trpc/server'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { AppRouter } from '../../server/routers/app'
import { NotFoundPage } from '../public/NotFoundPage'
import { ClientStageBadge, ClientStageText, OrderFacts, StatusBadge, partyFacts } from './OrderFacts'
import { type OrdersText, useOrdersText } from './text'
import { StatusBanner } from '../ui/Banner'
import { Card } from '../ui/Card'
import { useLocalePath } from '../lib/paths'
import { trpc } from '../lib/trpc'
import { isRefusal, retryFaults } from '../lib/read-errors'
import { useSite } from '../lib/site'
import { useScreenTitle } from '../lib/page-title'
import type { PageProps } from '../pages'
import { OrderChat } from './OrderChat'
import { ClientActions, type ClientOrderView, TutorActions, type TutorOrderView } from './PartyActions'

export function orderIdOf(path: string): number | null {
  const m = path.match(/^\/zayavka\/(\d{1,9})\/?$/)
  return m ? Number(m[1]) : null
}

export function OrderPage({ page }: PageProps) {
  const ot = useOrdersText()
  const { t } = useSite()
  const id = orderIdOf(page.path) ?? 0
  const auth = trpc.auth.role.get.useQuery()
  const a = auth.data?.auth
  // Not found or not theirs is the 404 page at once; anything else (a server fault, a lost connection, too
  // many requests) is asked again twice and then said, never shown as a missing order.
  const opts = { retry: retryFaults }
  const staff = trpc.admin.orders.get.useQuery({ id }, { ...opts, enabled: !!a?.admin })
  const client = trpc.clientArea.orders.get.useQuery({ id }, { ...opts, enabled: !!a?.client })
  const tutor = trpc.tutor.orders.get.useQuery({ id }, { ...opts, enabled: !!a?.tutor })
  const pending =
    auth.isPending ||
    (!!a?.admin && staff.isPending) ||
    (!!a?.client && client.isPending) ||
    (!!a?.tutor && tutor.isPending)
  if (pending)
    return (
      <div aria-busy="true" className="mx-auto min-h-[50vh] max-w-5xl px-4 py-8 text-slate-600">
        {ot('orders.loading')}
      </div>
    )

  // A person may be both a client and a tutor: the current role's view first.
  const asClient = client.data && (a?.current_role !== 'tutor' || !tutor.data)
  let body: React.ReactNode
  if (asClient) body = <ClientView order={client.data!} ot={ot} />
  else if (tutor.data) body = <TutorView order={tutor.data} ot={ot} />
  else if (staff.data) body = <StaffView order={staff.data} ot={ot} />
  else if ([staff, client, tutor].some((q) => q.error && !isRefusal(q.error)))
    return (
      <p role="alert" className="mx-auto min-h-[50vh] max-w-5xl px-4 py-8 text-slate-700">
        {t('errors.server_error')}
      </p>
    )
  else return <NotFoundPage page={{ ...page, name: 'not_found', status: 404 }} />
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8" data-testid="order-page">
      <StatusBanner />
      {body}
    </div>
  )
}

function Head({ order, ot, badge }: { order: { id: number; status: number }; ot: OrdersText; badge?: ReactNode }) {
  const title = ot('orders.order_n', { id: order.id })
  // The tab names the order ("Заявка № 12"), not the route's "Особистий кабінет".
  useScreenTitle(title)
  return (
    <header className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
      {badge ?? <StatusBadge status={order.status} ot={ot} />}
    </header>
  )
}

function Review({
  order,
  ot,
}: {
  order: { review_mark: number | null; review_text: string | null; review_response_text: string | null }
  ot: OrdersText
}) {
  if (order.review_mark === null) return null
  return (
    <Card data-testid="order-review">
      <h2 className="mb-2 font-semibold text-slate-900">{ot('orders.page.review')}</h2>
      <p role="img" aria-label={`${ot('orders.page.mark')}: ${order.review_mark}`} className="text-xl text-amber-400">
        {'★'.repeat(order.review_mark)}
        <span className="text-slate-300">{'★'.repeat(5 - order.review_mark)}</span>
      </p>
      {order.review_text && <p className="mt-1 whitespace-pre-line text-slate-800">{order.review_text}</p>}
      {order.review_response_text && (
        <div className="mt-3 border-l-2 border-brand/40 pl-3">
          <p className="text-sm font-medium text-slate-500">{ot('orders.page.tutor_response')}</p>
          <p className="whitespace-pre-line text-slate-800">{order.review_response_text}</p>
        </div>
      )}
    </Card>
  )
}

function ClientView({ order, ot }: { order: ClientOrderView; ot: OrdersText }) {
  const href = useLocalePath()
  // The appointed tutor, else the one chosen on the request (named from the moment of the request).
  const named = order.tutor ?? order.personal_tutor
  const tutor = named ? (
    <Link href={href(`/user-${named.id}/`)} className="font-medium text-brand-dark underline underline-offset-2">
      {order.tutor ? named.name : ot('orders.chosen_tutor', { name: named.name })}
    </Link>
  ) : null
  return (
    <>
      <Head order={order} ot={ot} badge={<ClientStageBadge order={order} ot={ot} />} />
      <p className="rounded-xl bg-brand/5 px-4 py-3 text-slate-800">
        <ClientStageText order={order} ot={ot} />
      </p>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <OrderFacts order={order} ot={ot} extra={[[ot('orders.tutor'), tutor]]} />
        </Card>
        <Card aria-label={ot('orders.page.actions')}>
          <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.page.actions')}</h2>
          <ClientActions order={order} ot={ot} />
        </Card>
      </div>
      <Review order={order} ot={ot} />
      <OrderChat
        me={{ role: 'client', id: order.client_id! }}
        orderId={order.id}
        tutor={order.tutor_id}
        client={order.client_id}
        ot={ot}
      />
    </>
  )
}

function TutorView({ order, ot }: { order: TutorOrderView; ot: OrdersText }) {
  const info = trpc.auth.role.get.useQuery().data?.auth?.tutor_info
  return (
    <>
      <Head order={order} ot={ot} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <OrderFacts
            order={order}
            ot={ot}
            extra={[
              [
                ot('orders.client'),
                [order.client_name, order.client_phone, order.client_email].filter(Boolean).join(' · '),
              ],
            ]}
          />
        </Card>
        <Card aria-label={ot('orders.page.actions')}>
          <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.page.actions')}</h2>
          <TutorActions order={order} ot={ot} />
        </Card>
      </div>
      <Review order={order} ot={ot} />
      {info && (
        <OrderChat
          me={{ role: 'tutor', id: info.id }}
          orderId={order.id}
          tutor={order.tutor_id}
          client={order.my_role === 'appointed' ? order.client_id : null}
          ot={ot}
        />
      )}
    </>
  )
}

type StaffOrder = inferRouterOutputs<AppRouter>['admin']['orders']['get']

function StaffView({ order, ot }: { order: StaffOrder; ot: OrdersText }) {
  const me = trpc.auth.role.get.useQuery().data?.auth?.admin_info
  return (
    <>
      <Head order={order} ot={ot} />
      <Card>
        <OrderFacts order={order} ot={ot} extra={partyFacts(order, ot)} />
        <a
          href={`/panel/users_orders/${order.id}`}
          className="mt-4 inline-block text-sm font-medium text-brand-dark underline underline-offset-2"
        >
          {ot('orders.staff.open_panel')}
        </a>
      </Card>
      <Review order={order} ot={ot} />
      {me && (
        <OrderChat
          me={{ role: 'admin', id: me.admin_id }}
          orderId={order.id}
          tutor={order.tutor_id}
          client={order.client_id}
          ot={ot}
        />
      )}
    </>
  )
}
