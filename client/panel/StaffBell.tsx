// The staff notification bell (GET /admin/on_site_notifications, POST
// /admin/on_site_notification/set_read): the count of unread notifications of the areas the status opens,
// read again every minute and whenever the list is opened; the list (a popover) names each notification and
// its order; following one marks it read and opens the order in the editor. "Read" marks one read in place.
import { useState } from 'react'
import { useLocation } from 'wouter'
import type { AreaKey } from '../../i18n/areas'
import { panelHref } from '../../common/routes'
import { showError } from '../ui/Banner'
import { Popover } from '../ui/Popover'
import { trpc } from '../lib/trpc'
import { usePT, usePanelShortDate } from './text'

const POLL_MS = 60_000
const TYPES = [
  'personal_orders',
  'potential_orders',
  'client_terms_declined_orders',
  'client_deleted_orders',
  'new_chat_from_client',
  'income_calls',
  'timer_notifications',
] as const

interface Item {
  id: number
  order_id: number | null
  client_name?: string
  created_at?: string
}

export function StaffBell() {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const utils = trpc.useUtils()
  const list = trpc.admin.orders.notifications.list.useQuery(undefined, { refetchInterval: POLL_MS })
  const setRead = trpc.admin.orders.notifications.setRead.useMutation({
    onError: showError,
    onSettled: () => utils.admin.orders.notifications.list.invalidate(),
  })
  const count = list.data?.data.count ?? 0
  const items = TYPES.flatMap((type) =>
    ((list.data?.data.notifications[type] ?? []) as unknown as Item[]).map((n) => ({ type, n })),
  ).sort((a, b) => b.n.id - a.n.id)

  const onOpenChange = (v: boolean) => {
    setOpen(v)
    if (v) void list.refetch()
  }
  const follow = async (type: string, n: Item) => {
    setOpen(false)
    await setRead.mutateAsync({ type, id: n.id }).catch(() => undefined)
    if (n.order_id) navigate(`${panelHref('users_orders')}/${n.order_id}`)
  }

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      label={pt('bell.title')}
      testId="staff-bell-list"
      trigger={
        <button
          type="button"
          data-testid="staff-bell"
          aria-label={count ? pt('bell.unread', { n: count }) : pt('bell.title')}
          className="relative inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {count > 0 && (
            <span
              data-testid="staff-bell-count"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </button>
      }
    >
      <h2 className="mb-2 px-1 text-sm font-semibold">{pt('bell.title')}</h2>
      {items.length === 0 ? (
        <p className="px-1 py-2 text-sm text-slate-600">{list.isFetching ? pt('bell.loading') : pt('bell.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {items.map(({ type, n }) => (
            <li key={n.id} className="flex items-start gap-2 py-2">
              <div className="min-w-0 flex-1">
                {n.order_id ? (
                  <a
                    href={`${panelHref('users_orders')}/${n.order_id}`}
                    data-testid={`staff-bell-item-${n.id}`}
                    onClick={(e) => {
                      e.preventDefault()
                      void follow(type, n)
                    }}
                    className="block text-sm font-medium text-brand-dark hover:underline"
                  >
                    {pt(`bell.type.${type}` as AreaKey<'panel'>)} · {pt('bell.order', { id: n.order_id })}
                  </a>
                ) : (
                  <span className="block text-sm font-medium">{pt(`bell.type.${type}` as AreaKey<'panel'>)}</span>
                )}
                <span className="block truncate text-xs text-slate-600">
                  {[n.client_name, n.created_at ? shortDate(n.created_at) : null].filter(Boolean).join(' · ')}
                </span>
              </div>
              <button
                type="button"
                onClick={() => setRead.mutate({ type, id: n.id })}
                disabled={setRead.isPending}
                className="shrink-0 rounded-md border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
              >
                {pt('bell.mark_read')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  )
}
