// The account area (tutor and client cabinets), rendered in the browser only. It picks the cabinet
// by the path (client pages are /client_*; /settings follows the current role) and loads that
// cabinet's code on demand; an anonymous visitor is pointed to the matching sign-in page.
import { Suspense, lazy } from 'react'
import { Link } from 'wouter'
import type { AuthObject } from '../lib/api-types'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageMatch } from '../routes'

const TutorCabinet = lazy(() => import('./tutor/TutorCabinet'))
const ClientCabinet = lazy(() => import('./client/ClientCabinet'))
// Order screens (README Orders): routed here, not in the cabinets, so each stays its own chunk.
const TutorOrders = lazy(() => import('./tutor/orders/TutorOrders'))
const RequestPage = lazy(() => import('../orders/RequestPage'))

export type Cabinet = 'tutor' | 'client'

/** Whose cabinet a path belongs to, for the signed-in person (or the sign-in page to offer). */
export function cabinetOf(path: string, auth: AuthObject | undefined): Cabinet {
  if (path.startsWith('/client_')) return 'client'
  if (path === '/settings' || path.startsWith('/settings/')) {
    if (auth?.current_role === 'client' || (auth?.client && !auth.tutor)) return 'client'
  }
  return 'tutor'
}

export interface CabinetProps {
  page: PageMatch
  auth: AuthObject
}

export default function AccountApp({ page }: { page: PageMatch }) {
  const { t } = useSite()
  const href = useLocalePath()
  const query = trpc.auth.role.get.useQuery()
  const auth = query.data?.auth
  if (query.isLoading) return <Waiting />
  // The order form is open to visitors (they order without signing in).
  if (page.name === 'request') return <Suspense fallback={<Waiting />}><RequestPage path={page.path} /></Suspense>
  const cabinet = cabinetOf(page.path, auth)
  const holds = cabinet === 'tutor' ? !!auth?.tutor : !!auth?.client
  if (!auth || !holds)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" data-page={page.path}>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('account.title')}</h1>
        <p className="text-slate-700">
          {t('errors.unauthorized')}:{' '}
          <Link href={href(cabinet === 'tutor' ? '/login' : '/client-login')} className="font-medium text-brand-dark underline underline-offset-2">
            {t('header.login')}
          </Link>
        </p>
      </div>
    )
  return (
    <div data-page={page.path}>
      <Suspense fallback={<Waiting />}>
        {page.path === '/orders' || page.path.startsWith('/orders/') ? <TutorOrders path={page.path} /> : cabinet === 'tutor' ? <TutorCabinet page={page} auth={auth} /> : <ClientCabinet page={page} auth={auth} />}
      </Suspense>
    </div>
  )
}

function Waiting() {
  return <div className="mx-auto min-h-[400px] max-w-3xl px-4 py-12" aria-busy="true" />
}
