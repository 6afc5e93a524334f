// The client cabinet: /client_profile, /settings (as a client) and the other client pages, inside one
// frame with the cabinet's navigation. Orders load as their own chunk; chats have no page of their
// own yet (each order's chat is on its order page), so that item is shown disabled.
import { Suspense, lazy } from 'react'
import { Link } from 'wouter'
import type { MessageKey } from '../../../i18n/format'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useSite } from '../../lib/site'
import type { CabinetProps } from '../AccountApp'
import { ClientProfilePage } from './ClientProfilePage'
import { ClientSettingsPage } from './ClientSettingsPage'

const ClientOrders = lazy(() => import('./orders/ClientOrders'))

interface NavItem {
  path: string
  label: MessageKey
  /** Not built yet: shown, but not a link. */
  soon?: boolean
}

const NAV: NavItem[] = [
  { path: '/client_orders', label: 'header.client_orders' },
  { path: '/client_profile', label: 'header.client_profile' },
  { path: '/client_chats', label: 'header.client_chats', soon: true },
  { path: '/settings', label: 'header.settings' },
]

export default function ClientCabinet({ page, auth }: CabinetProps) {
  const ct = useAreaText('clientAccount')
  const path = page.path.replace(/\/+$/, '') || '/'
  const content =
    path === '/client_orders' ? (
      <Suspense fallback={<div className="min-h-[400px]" aria-busy="true" />}>
        <ClientOrders />
      </Suspense>
    ) : path === '/client_profile' ? (
      <ClientProfilePage auth={auth} />
    ) : path === '/settings' ? (
      <ClientSettingsPage />
    ) : (
      <Soon title={NAV.find((n) => n.path === path)?.label} />
    )
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-10 md:py-12">
      <CabinetNav current={path} label={ct('clientAccount.nav_label')} />
      <div className="min-w-0">{content}</div>
    </div>
  )
}

function CabinetNav({ current, label }: { current: string; label: string }) {
  const { t } = useSite()
  const ct = useAreaText('clientAccount')
  const href = useLocalePath()
  return (
    <nav aria-label={label} className="min-w-0 md:pt-1">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block">{label}</p>
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {NAV.map((item) => {
          const active = item.path === current
          const base = 'flex items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium'
          return (
            <li key={item.path}>
              {item.soon ? (
                <span aria-disabled="true" className={`${base} cursor-default text-slate-400`}>
                  {t(item.label)}
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-500">{ct('clientAccount.soon')}</span>
                </span>
              ) : (
                <Link
                  href={href(item.path)}
                  aria-current={active ? 'page' : undefined}
                  className={`${base} ${active ? 'bg-brand/10 text-brand-dark' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {t(item.label)}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function Soon({ title }: { title?: MessageKey }) {
  const { t } = useSite()
  const ct = useAreaText('clientAccount')
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title ? t(title) : ct('clientAccount.nav_label')}</h1>
      <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">{ct('clientAccount.soon_page')}</p>
    </section>
  )
}
