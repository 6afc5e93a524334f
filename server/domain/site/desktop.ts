// The panel's start page (GET /admin/desktop): what waits for staff today, each a count and
// a link to the list filtered to those rows. A staff member sees the widgets of the areas their
// status opens (docs/product.md#2-screens-and-routes):
//   orders_today       orders left today (the edition's day)             orders  → users_orders?date_from&date_to
//   orders_waiting     new orders nobody has taken in work (status 1)     orders  → users_orders?status=1
//                      with `mine` (my open orders → ?responsible=mine&status=1,…,6) and `unowned` (open orders
//                      nobody is responsible for → ?responsible=none&status=1,…,6; orders/responsible.ts)
//   unpaid_fees        first lesson agreed, fee not paid yet (status 5)   orders  → users_orders?status=5
//   tutors_to_publish  new tutors not published yet                       tutors  → users_show?status=1&published=0
//   reviews_to_moderate site reviews waiting for a decision (status 0)    reviews → reviews_show?status=0
//   calls_to_return    incoming calls no call back reached yet            calls   → users_incoming_calls?returned=0
//                      (precisely: returnedCall in server/domain/telephony/calls.ts)
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { OPEN_ORDER_STATUSES, OrderStatus } from '../../../common/order-status'
import type { DESKTOP_WIDGETS } from '../../../common/schemas/site.schema'
import { type StaffArea, staffMayAccess } from '../../../common/staff-areas'
import { TutorStatus } from '../people/tutor-admin'
import { incomingCalls, returnedCall } from '../telephony/calls'

export type DesktopWidgetKey = (typeof DESKTOP_WIDGETS)[number]
export interface DesktopWidget {
  key: DesktopWidgetKey
  count: number
  href: string
  mine?: { count: number; href: string }
  unowned?: { count: number; href: string }
}

/** The edition's calendar day now, YYYY-MM-DD. */
export function editionToday(scope: Pick<Scope, 'edition' | 'now'>): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: scope.edition.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(scope.now())
}

export async function desktopWidgets(scope: Scope, staffStatus: number): Promise<DesktopWidget[]> {
  const { db, edition: ed } = scope
  const day = editionToday(scope)
  const orders = () => db.selectFrom('orders').where('edition', '=', ed.code).where('deleted_at', 'is', null)
  const N = sql<number>`count(*)::int`.as('n')
  const count = (p: Promise<{ n: number }>) => p.then((r) => r.n)
  const open = OPEN_ORDER_STATUSES.join(',')
  const staffId = scope.actor.kind === 'staff' ? scope.actor.id : null
  const openOrders = () => orders().where('status', 'in', OPEN_ORDER_STATUSES)
  const widgets: {
    key: DesktopWidgetKey
    area: StaffArea
    href: string
    count: () => Promise<number>
    more?: () => Promise<Pick<DesktopWidget, 'mine' | 'unowned'>>
  }[] = [
    {
      key: 'orders_today',
      area: 'orders',
      href: `/panel/users_orders?date_from=${day}&date_to=${day}`,
      count: () =>
        count(
          orders()
            .where('created_at', '>=', sql<Date>`(cast(${day} as date)::timestamp at time zone ${ed.timeZone})`)
            .select(N)
            .executeTakeFirstOrThrow(),
        ),
    },
    {
      key: 'orders_waiting',
      area: 'orders',
      href: `/panel/users_orders?status=${OrderStatus.New}`,
      count: () => count(orders().where('status', '=', OrderStatus.New).select(N).executeTakeFirstOrThrow()),
      more: async () => {
        const [mine, unowned] = await Promise.all([
          staffId ? count(openOrders().where('staff_id', '=', staffId).select(N).executeTakeFirstOrThrow()) : 0,
          count(openOrders().where('staff_id', 'is', null).select(N).executeTakeFirstOrThrow()),
        ])
        return {
          mine: { count: mine, href: `/panel/users_orders?responsible=mine&status=${open}` },
          unowned: { count: unowned, href: `/panel/users_orders?responsible=none&status=${open}` },
        }
      },
    },
    {
      key: 'unpaid_fees',
      area: 'orders',
      href: `/panel/users_orders?status=${OrderStatus.WaitingForPay}`,
      count: () => count(orders().where('status', '=', OrderStatus.WaitingForPay).select(N).executeTakeFirstOrThrow()),
    },
    {
      key: 'tutors_to_publish',
      area: 'tutors',
      href: `/panel/users_show?status=${TutorStatus.New}&published=0`,
      count: () =>
        count(
          db
            .selectFrom('tutors')
            .where('deleted_at', 'is', null)
            .where('status', '=', TutorStatus.New)
            .where('published', '=', false)
            .select(N)
            .executeTakeFirstOrThrow(),
        ),
    },
    {
      key: 'reviews_to_moderate',
      area: 'reviews',
      href: '/panel/reviews_show?status=0',
      count: () => count(db.selectFrom('site_reviews').where('status', '=', 0).select(N).executeTakeFirstOrThrow()),
    },
    {
      key: 'calls_to_return',
      area: 'calls',
      href: '/panel/users_incoming_calls?returned=0',
      count: () =>
        count(
          incomingCalls(scope)
            .where(sql<boolean>`not ${returnedCall(sql.ref('c.id'))}`)
            .select(N)
            .executeTakeFirstOrThrow(),
        ),
    },
  ]
  const shown = widgets.filter((w) => staffMayAccess(staffStatus, w.area))
  const counts = await Promise.all(shown.map((w) => w.count()))
  const more = await Promise.all(shown.map((w) => w.more?.()))
  return shown.map((w, i) => ({ key: w.key, count: counts[i]!, href: w.href, ...more[i] }))
}
