// The account area (tutor and client cabinets, the order form), rendered in the browser only. The
// route table (common/routes.ts) names the screen, its guard and its chunk; this loads that chunk on
// demand, and points a visitor the guard refuses to the matching sign-in page. /settings follows the
// current role (its guard is either cabinet's).
import { Suspense, lazy } from 'react'
import { Link } from 'wouter'
import { type PageMatch, admit } from '../../common/routes'
import type { AuthObject } from '../lib/api-types'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

const TutorCabinet = lazy(() => import('./tutor/TutorCabinet'))
const ClientCabinet = lazy(() => import('./client/ClientCabinet'))
// Order screens (docs/decisions.md#orders): each its own chunk (the tutor's orders load inside the cabinet).
const RequestPage = lazy(() => import('../orders/RequestPage'))
// The `local` provider's bank page (public; development and tests only).
const LocalBankPage = lazy(() => import('./tutor/money/LocalBankPage'))
// The English level test (public; a tutor signed in gets the profile badge).
const LevelTestPage = lazy(() => import('../public/LevelTestPage'))
// The bare pages (/away, /auth_as_user) and the guest view of /school-tutor.
const AwayPage = lazy(() => import('./BarePages').then((m) => ({ default: m.AwayPage })))
const AuthAsUserPage = lazy(() => import('./BarePages').then((m) => ({ default: m.AuthAsUserPage })))
const SchoolTutorGuest = lazy(() => import('./SchoolTutorPage').then((m) => ({ default: m.SchoolTutorGuest })))

export interface CabinetProps {
  page: PageMatch
  auth: AuthObject
}

/** Each screen chunk the table names (relative to client/), and how it renders. */
const CHUNKS: Record<string, (p: { page: PageMatch; auth: AuthObject | undefined }) => React.ReactNode> = {
  'account/tutor/TutorCabinet.tsx': ({ page, auth }) => <TutorCabinet page={page} auth={auth!} />,
  'account/client/ClientCabinet.tsx': ({ page, auth }) => <ClientCabinet page={page} auth={auth!} />,
  'orders/RequestPage.tsx': ({ page }) => <RequestPage path={page.path} />,
  'account/tutor/money/LocalBankPage.tsx': ({ page }) => <LocalBankPage reference={page.params.reference ?? ''} />,
  'public/LevelTestPage.tsx': () => <LevelTestPage />,
  'account/BarePages.tsx': ({ page, auth }) =>
    page.screen?.name === 'away' ? <AwayPage /> : <AuthAsUserPage auth={auth} />,
  'account/SchoolTutorPage.tsx': ({ page, auth }) =>
    auth?.tutor ? <TutorCabinet page={page} auth={auth} /> : <SchoolTutorGuest auth={auth} />,
}

/** The chunk of a screen; /settings names none: the current role's cabinet. */
export function chunkOf(page: PageMatch, auth: AuthObject | undefined): string {
  if (page.screen?.chunk) return page.screen.chunk
  const asClient = auth?.current_role === 'client' || (auth?.client && !auth.tutor)
  return asClient ? 'account/client/ClientCabinet.tsx' : 'account/tutor/TutorCabinet.tsx'
}

export default function AccountApp({ page }: { page: PageMatch }) {
  const { t } = useSite()
  const href = useLocalePath()
  const query = trpc.auth.role.get.useQuery()
  const auth = query.data?.auth
  if (query.isLoading) return <Waiting />
  const admission = admit(page.guard, auth)
  // The order form (visitors order without signing in) and the local bank page are public.
  if (page.guard.role === 'public')
    return <Suspense fallback={<Waiting />}>{CHUNKS[chunkOf(page, auth)]!({ page, auth })}</Suspense>
  if (admission.kind !== 'allowed') {
    const signIn = admission.kind === 'sign_in' && admission.at !== 'staff' ? admission.at : '/login'
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" data-page={page.path}>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('account.title')}</h1>
        <p className="text-slate-700">
          {t('errors.unauthorized')}:{' '}
          <Link href={href(signIn)} className="font-medium text-brand-dark underline underline-offset-2">
            {t('header.login')}
          </Link>
        </p>
      </div>
    )
  }
  return (
    <div data-page={page.path}>
      <Suspense fallback={<Waiting />}>{CHUNKS[chunkOf(page, auth)]!({ page, auth })}</Suspense>
    </div>
  )
}

function Waiting() {
  return <div className="mx-auto min-h-[400px] max-w-3xl px-4 py-12" aria-busy="true" />
}
