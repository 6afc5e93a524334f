// The client cabinet: /client_orders, /client_profile, /client_chats and /settings (as a client),
// inside one frame with the cabinet's navigation. The orders list and the chats list each load as
// their own chunk; a path under a section (/client_orders/…) shows that section.
import { Suspense, lazy } from 'react'
import { Link } from 'wouter'
import type { MessageKey } from '../../../i18n/format'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useScreenTitle } from '../../lib/page-title'
import { useCurrentInView } from '../../ui/current-in-view'
import { useSite } from '../../lib/site'
import type { CabinetProps } from '../AccountApp'
import { ClientProfilePage } from './ClientProfilePage'
import { ClientSettingsPage } from './ClientSettingsPage'

const ClientOrders = lazy(() => import('./orders/ClientOrders'))
const ClientChats = lazy(() => import('./chats/ClientChats'))

interface NavItem {
  path: string
  label: MessageKey
}

const NAV: NavItem[] = [
  { path: '/client_orders', label: 'header.client_orders' },
  { path: '/client_profile', label: 'header.client_profile' },
  { path: '/client_chats', label: 'header.client_chats' },
  { path: '/settings', label: 'header.settings' },
]

const chunkFallback = <div className="min-h-[400px]" aria-busy="true" />

export default function ClientCabinet({ page, auth }: CabinetProps) {
  const ct = useAreaText('clientAccount')
  const path = page.path.replace(/\/+$/, '') || '/'
  // Only the cabinet's paths reach here (the account screens of common/routes.ts, AccountApp's chunkOf).
  const section = NAV.find((n) => path === n.path || path.startsWith(`${n.path}/`))?.path ?? '/client_profile'
  const content =
    section === '/client_orders' ? (
      <Suspense fallback={chunkFallback}>
        <ClientOrders />
      </Suspense>
    ) : section === '/client_chats' ? (
      <Suspense fallback={chunkFallback}>
        <ClientChats />
      </Suspense>
    ) : section === '/settings' ? (
      <ClientSettingsPage />
    ) : (
      <ClientProfilePage auth={auth} />
    )
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-10 md:py-12">
      <CabinetNav current={section} label={ct('clientAccount.nav_label')} />
      <div className="min-w-0">{content}</div>
    </div>
  )
}

function CabinetNav({ current, label }: { current: string; label: string }) {
  const { t } = useSite()
  const href = useLocalePath()
  const here = NAV.find((item) => item.path === current)
  useScreenTitle(here && t(here.label))
  const list = useCurrentInView<HTMLUListElement>(current)
  return (
    <nav aria-label={label} className="min-w-0 md:pt-1">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block">{label}</p>
      <ul ref={list} className="flex gap-1 overflow-x-auto md:flex-col">
        {NAV.map((item) => {
          const active = item.path === current
          const base =
            'flex items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium'
          return (
            <li key={item.path}>
              <Link
                href={href(item.path)}
                aria-current={active ? 'page' : undefined}
                className={`${base} ${active ? 'bg-brand/10 text-brand-dark' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {t(item.label)}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
