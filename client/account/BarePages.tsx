// The two pages of the bare layout (no header, no footer):
// /away?url=… — the external-link page: where a link leads, then continue or back. Only http(s)
//   addresses are offered; anything else (javascript:, data:, a relative path) is refused.
// /auth_as_user — where a session signed in as somebody else starts: whom it acts as (staff
//   impersonating) or who is signed in, and the way into that role's cabinet.
import { Link } from 'wouter'
import type { AuthObject } from '../lib/api-types'
import { useAreaText } from '../lib/area-text'
import { displayName } from '../lib/auth'
import { useLocalePath } from '../lib/paths'
import { actingAs } from '../shell/ImpersonationBanner'

const BOX = 'mx-auto my-10 flex max-w-lg flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'
const PRIMARY = 'rounded-lg bg-brand px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-dark'
const SECONDARY =
  'rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50'

/** The address a link names, when it is an absolute http(s) one. */
export function externalTarget(raw: string | null): URL | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

export function AwayPage() {
  const at = useAreaText('cabinetMore')
  const href = useLocalePath()
  const target = externalTarget(new URLSearchParams(window.location.search).get('url'))
  const back = () => {
    if (window.history.length > 1) window.history.back()
    else window.location.assign(href('/'))
  }
  return (
    <main className="px-4">
      <div className={BOX} data-testid="away-page">
        <h1 className="text-xl font-bold text-slate-900">{at('away.title')}</h1>
        {target ? (
          <>
            <p className="text-sm text-slate-600">{at('away.leads')}</p>
            <p className="break-all rounded-lg bg-slate-50 px-3 py-2 text-slate-900" data-testid="away-target">
              <span className="font-semibold">{target.host}</span>
              <span className="text-slate-600">{target.href.slice(target.origin.length)}</span>
            </p>
            <div className="flex flex-col gap-2 sm:flex-row-reverse">
              <a href={target.href} rel="noopener noreferrer nofollow" className={PRIMARY}>
                {at('away.continue')}
              </a>
              <button type="button" onClick={back} className={SECONDARY}>
                {at('away.back')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-slate-700" data-testid="away-invalid">
              {at('away.invalid')}
            </p>
            <Link href={href('/')} className={SECONDARY}>
              {at('away.home')}
            </Link>
          </>
        )}
      </div>
    </main>
  )
}

/** The cabinet a session's current role opens. */
function cabinetOf(auth: AuthObject): string {
  if (auth.current_role === 'client' || (auth.client && !auth.tutor)) return '/client_orders'
  if (auth.tutor) return '/profile/'
  return '/panel/'
}

export function AuthAsUserPage({ auth }: { auth: AuthObject | undefined }) {
  const at = useAreaText('cabinetMore')
  const href = useLocalePath()
  const who = auth && (auth.tutor || auth.client || auth.admin) ? auth : null
  return (
    <main className="px-4">
      <div className={BOX} data-testid="auth-as-user-page">
        <h1 className="text-xl font-bold text-slate-900">{at('as_user.title')}</h1>
        {who ? (
          <>
            <p className="text-slate-800" data-testid="auth-as-user-who">
              {who.impersonating
                ? at('as_user.acting', { name: actingAs(who) })
                : at('as_user.self', { name: displayName(who) || actingAs(who) })}
            </p>
            <a href={href(cabinetOf(who))} className={PRIMARY}>
              {at('as_user.continue')}
            </a>
          </>
        ) : (
          <>
            <p className="text-slate-700">{at('as_user.guest')}</p>
            <Link href={href('/login')} className={SECONDARY}>
              {at('as_user.sign_in')}
            </Link>
          </>
        )}
      </div>
    </main>
  )
}
