// The tutor cabinet: /profile/ (the profile editor, with /profile/preview: the public page before publication), /settings (with /settings/privacy),
// /orders (the requests, its own chunk), /verified-tutor, /tops (TOP placement), /wallet (with its payment return page /wallet/payment), /my-blog, /my-ads and
// /test/english/ (the English level badge), /rating, /affiliate and /school-tutor, under one navigation.
// Each screen is its own file; this one picks it by path.
import { Suspense, lazy } from 'react'
import { Link } from 'wouter'
import { useAreaText } from '../../lib/area-text'
import { displayName } from '../../lib/auth'
import { useLocalePath } from '../../lib/paths'
import { useScreenTitle } from '../../lib/page-title'
import { useCurrentInView } from '../../ui/current-in-view'
import type { CabinetProps } from '../AccountApp'
import { useIndicators } from './indicators'

// Each screen is its own chunk: the cabinet's frame (and the tutor's name) shows without waiting for them.
const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })))
const ProfilePreview = lazy(() => import('./ProfilePreview').then((m) => ({ default: m.ProfilePreview })))
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })))
const VerifiedPage = lazy(() => import('./VerifiedPage').then((m) => ({ default: m.VerifiedPage })))
const TopsPage = lazy(() => import('./money/TopsPage').then((m) => ({ default: m.TopsPage })))
const WalletPage = lazy(() => import('./money/WalletPage').then((m) => ({ default: m.WalletPage })))
const MyBlogPage = lazy(() => import('./ContentPages').then((m) => ({ default: m.MyBlogPage })))
const MyAdsPage = lazy(() => import('./ContentPages').then((m) => ({ default: m.MyAdsPage })))
const LevelTestEntry = lazy(() => import('./LevelTestEntry').then((m) => ({ default: m.LevelTestEntry })))
const RatingPage = lazy(() => import('./RatingPages').then((m) => ({ default: m.RatingPage })))
const AffiliatePage = lazy(() => import('./RatingPages').then((m) => ({ default: m.AffiliatePage })))
const SchoolTutorBody = lazy(() => import('../SchoolTutorPage').then((m) => ({ default: m.SchoolTutorBody })))
// The orders screen keeps a chunk of its own (docs/decisions.md#orders), shown in this frame.
const TutorOrders = lazy(() => import('./orders/TutorOrders'))
const PaymentReturnPage = lazy(() =>
  import('./money/PaymentReturnPage').then((m) => ({ default: m.PaymentReturnPage })),
)

type Screen =
  | 'profile'
  | 'profile_preview'
  | 'orders'
  | 'settings'
  | 'verified'
  | 'wallet'
  | 'payment_return'
  | 'tops'
  | 'my_blog'
  | 'my_ads'
  | 'level_test'
  | 'rating'
  | 'affiliate'
  | 'school'

function screenOf(path: string): Screen | null {
  if (path === '/profile/preview' || path === '/profile/preview/') return 'profile_preview'
  if (path === '/profile' || path.startsWith('/profile/')) return 'profile'
  if (path === '/orders' || path.startsWith('/orders/')) return 'orders'
  if (path === '/settings' || path.startsWith('/settings/')) return 'settings'
  if (path === '/verified-tutor') return 'verified'
  if (path === '/tops' || path.startsWith('/tops/')) return 'tops'
  if (path === '/my-blog' || path.startsWith('/my-blog/')) return 'my_blog'
  if (path === '/my-ads' || path.startsWith('/my-ads/')) return 'my_ads'
  // common/routes.ts screen `test` (/test/*; /test/english/start is the public test itself): the badge and the way in.
  if (path === '/test' || path.startsWith('/test/')) return 'level_test'
  // server/domain/money/payments.ts RETURN_PATH: where providers send the buyer back.
  if (path === '/wallet/payment' || path === '/wallet/payment/') return 'payment_return'
  if (path === '/wallet' || path.startsWith('/wallet/')) return 'wallet'
  if (path === '/rating' || path.startsWith('/rating/')) return 'rating'
  if (path === '/affiliate' || path.startsWith('/affiliate/')) return 'affiliate'
  if (path === '/school-tutor' || path.startsWith('/school-tutor/')) return 'school'
  return null
}

export default function TutorCabinet({ page, auth }: CabinetProps) {
  // The name shows at once; the rest waits for the area's messages (one small download).
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <div className="mb-6 min-h-14">
        <Suspense fallback={<p className="h-5" />}>
          <CabinetLabel />
        </Suspense>
        <p className="text-2xl font-bold text-slate-900">{displayName(auth)}</p>
      </div>
      <Suspense fallback={<div className="min-h-[400px]" aria-busy="true" />}>
        <CabinetBody screen={screenOf(page.path)} path={page.path} auth={auth} />
      </Suspense>
    </div>
  )
}

function CabinetLabel() {
  const at = useAreaText('account')
  return <p className="text-sm font-medium text-slate-500">{at('account.cabinet')}</p>
}

function CabinetBody({ screen, path, auth }: { screen: Screen | null; path: string; auth: CabinetProps['auth'] }) {
  const at = useAreaText('account')
  const tutorId = auth.tutor_info ? auth.tutor_info.id : 0
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <CabinetNav
        current={screen}
        tutorId={tutorId}
        schoolInvited={auth.tutor_info ? auth.tutor_info.potential_school_tutor : false}
      />
      <div className="min-w-0 flex-1">
        <Suspense fallback={<p className="text-slate-600">{at('account.loading')}</p>}>
          {screen === 'profile' && <ProfilePage tutorId={tutorId} />}
          {screen === 'profile_preview' && <ProfilePreview />}
          {screen === 'orders' && <TutorOrders path={path} />}
          {screen === 'settings' && <SettingsPage />}
          {screen === 'verified' && <VerifiedPage tutorId={tutorId} />}
          {screen === 'tops' && <TopsPage />}
          {screen === 'wallet' && <WalletPage />}
          {screen === 'payment_return' && <PaymentReturnPage />}
          {screen === 'my_blog' && <MyBlogPage />}
          {screen === 'my_ads' && <MyAdsPage />}
          {screen === 'level_test' && <LevelTestEntry tutorId={tutorId} />}
          {screen === 'rating' && <RatingPage />}
          {screen === 'affiliate' && <AffiliatePage />}
          {screen === 'school' && <SchoolTutorBody auth={auth} />}
          {screen === null && <p className="text-slate-700">{at('account.loading')}</p>}
        </Suspense>
      </div>
    </div>
  )
}

function CabinetNav({
  current,
  tutorId,
  schoolInvited,
}: {
  current: Screen | null
  tutorId: number
  schoolInvited: boolean
}) {
  const at = useAreaText('account')
  const more = useAreaText('cabinetMore')
  const href = useLocalePath()
  const indicators = useIndicators(tutorId)
  const items: { screen: Screen; path: string; label: string }[] = [
    { screen: 'profile', path: '/profile/', label: at('account.nav_profile') },
    { screen: 'orders', path: '/orders', label: at('account.nav_orders') },
    { screen: 'settings', path: '/settings', label: at('account.nav_settings') },
    { screen: 'wallet', path: '/wallet', label: at('account.nav_wallet') },
    { screen: 'tops', path: '/tops', label: at('account.nav_tops') },
    { screen: 'my_blog', path: '/my-blog', label: at('account.nav_blog') },
    { screen: 'my_ads', path: '/my-ads', label: at('account.nav_ads') },
    { screen: 'level_test', path: '/test/english/', label: at('account.nav_level_test') },
    { screen: 'rating', path: '/rating', label: more('nav.rating') },
    { screen: 'affiliate', path: '/affiliate', label: more('nav.affiliate') },
  ]
  // The school programme's page is offered to the tutors staff invited to it.
  if (schoolInvited || current === 'school')
    items.push({ screen: 'school', path: '/school-tutor', label: more('nav.school') })
  // The verification page is offered once the profile is complete enough to ask
  // (docs/product.md#6-roles-and-permissions).
  if (indicators?.is_allow_verification || current === 'verified')
    items.push({ screen: 'verified', path: '/verified-tutor', label: at('account.nav_verified') })
  const isActive = (item: (typeof items)[number]) =>
    item.screen === current ||
    (item.screen === 'wallet' && current === 'payment_return') ||
    (item.screen === 'profile' && current === 'profile_preview')
  useScreenTitle(items.find(isActive)?.label)
  const list = useCurrentInView<HTMLUListElement>(current)
  return (
    <nav aria-label={at('account.nav_label')} className="md:w-52 md:shrink-0">
      <ul ref={list} className="flex gap-1 overflow-x-auto border-b border-slate-200 md:flex-col md:border-b-0">
        {items.map((item) => {
          const active = isActive(item)
          return (
            <li key={item.screen}>
              <Link
                href={href(item.path)}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium md:rounded-lg md:border-b-0 ${
                  active
                    ? 'border-brand text-brand-dark md:bg-brand/10'
                    : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`}
              >
                {item.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
