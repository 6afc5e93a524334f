// The tutor's notification bell in the header (docs/product.md#3-entities-and-their-fields): the unread count; a click
// opens the list only when the count is above zero, 50 ms later (the count may still be settling after a
// click elsewhere marked something read); a route change closes it. A chunk of its own, loaded by
// PersonMenus for tutors only, so the public first-load bundle does not grow.
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { AreaKey } from '../../i18n/areas'
import { useAreaText } from '../lib/area-text'
import { useLocalePath } from '../lib/paths'
import { trpc } from '../lib/trpc'

const OPEN_DELAY_MS = 50
const TYPES = [
  'personal_orders',
  'potential_orders',
  'assigned',
  'waiting_for_pay',
  'deadline_pay_date',
  'overdue_pay_date',
  'client_notifications',
  'admin_notifications',
] as const

interface Item {
  id: number | null
  notification_id: number
  client_name?: string
  name?: string
  lessons_name?: string[]
  /** A notice about the tutor's own profile (it links to the profile editor). */
  kind?: 'profile_welcome' | 'profile_live' | 'profile_sent_back'
  reason?: string
}

export default function NotificationBell() {
  const ot = useAreaText('orders')
  const href = useLocalePath()
  const [location] = useLocation()
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const utils = trpc.useUtils()
  const list = trpc.tutor.notifications.list.useQuery(undefined, { refetchInterval: 60_000 })
  const markRead = trpc.tutor.notifications.markRead.useMutation({
    onSuccess: () => utils.tutor.notifications.list.invalidate(),
  })
  const count = list.data?.count ?? 0

  // A route change closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => setOpen(false), [location])
  useEffect(() => () => clearTimeout(timer.current), [])

  const toggle = () => {
    clearTimeout(timer.current)
    if (open) return setOpen(false)
    timer.current = setTimeout(() => {
      if ((utils.tutor.notifications.list.getData()?.count ?? 0) > 0) setOpen(true)
    }, OPEN_DELAY_MS)
  }

  const items = list.data
    ? TYPES.flatMap((type) =>
        ((list.data[type] ?? []) as Item[]).map((n) => ({
          type,
          n,
          text: n.kind
            ? ot(`orders.bell.${n.kind}`, { reason: n.reason ?? '' })
            : ot(`orders.bell.${type}` as AreaKey<'orders'>, {
                name: n.client_name ?? n.name ?? n.lessons_name?.join(', ') ?? '',
              }),
        })),
      )
    : []

  return (
    <div className="relative">
      <button
        type="button"
        data-testid="notification-bell"
        aria-label={`${ot('orders.tutor.bell')}: ${count}`}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={toggle}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current" strokeWidth="1.8">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
        </svg>
        {count > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          role="region"
          aria-label={ot('orders.tutor.bell')}
          data-testid="notification-list"
          className="absolute right-0 z-30 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <ul className="flex max-h-96 flex-col overflow-y-auto">
            {items.map(({ type, n, text }) => (
              <li key={`${type}-${n.notification_id}`}>
                <Link
                  href={href(n.kind ? '/profile/' : n.id ? `/zayavka/${n.id}/` : '/orders/new')}
                  onClick={() => markRead.mutate({ ids: [n.notification_id] })}
                  className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
                >
                  {text}
                  {n.id ? <span className="block text-xs text-slate-500">№ {n.id}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            href={href('/orders/new')}
            className="mt-1 block rounded-lg px-3 py-2 text-sm font-medium text-brand-dark hover:bg-slate-50"
          >
            {ot('orders.bell.all')}
          </Link>
        </div>
      )}
    </div>
  )
}
