// Shown on every page of the public shell while a staff member is signed in as somebody else
// (auth.impersonating): who they are acting as, and "Back to the panel", which ends the impersonated
// session (POST /admin/authorize/return signs the staff member back in, both steps audited by the
// server) and returns to the panel page the impersonation started from.
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'
import { showError } from '../ui/Banner'
import type { AuthObject } from '../lib/api-types'

/** sessionStorage key: the panel page an impersonation started from (set by the panel before it starts). */
export const PANEL_RETURN_KEY = 'panel.return_to'

export function rememberPanelPage() {
  try {
    sessionStorage.setItem(PANEL_RETURN_KEY, window.location.pathname + window.location.search)
  } catch {
    // storage disabled: the return lands on /panel/
  }
}

function returnPath(): string {
  try {
    const path = sessionStorage.getItem(PANEL_RETURN_KEY)
    sessionStorage.removeItem(PANEL_RETURN_KEY)
    if (path?.startsWith('/panel')) return path
  } catch {
    // storage disabled
  }
  return '/panel/'
}

/** The name the impersonated session acts as. */
export function actingAs(auth: AuthObject): string {
  if (auth.current_role === 'client' && auth.client_info) return auth.client_info.name
  if (auth.tutor_info) return auth.tutor_info.name
  if (auth.client_info) return auth.client_info.name
  if (auth.admin_info) return auth.admin_info.name
  return ''
}

export function ImpersonationBanner() {
  const { t } = useSite()
  // The public shell's pages already ask for the role (the header); this shares that query.
  const auth = trpc.auth.role.get.useQuery().data?.auth
  const back = trpc.admin.staff.authorize.return.useMutation({
    // A full load: the panel is another bundle and every cached query belonged to the other session.
    onSuccess: () => window.location.assign(returnPath()),
    onError: showError,
  })
  if (!auth?.impersonating) return null
  const name = actingAs(auth)
  return (
    <div
      data-testid="impersonation-banner"
      role="region"
      aria-label={t('panel.impersonating')}
      className="bg-amber-400 text-slate-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="font-medium">
          {t('panel.impersonating')}
          {name && (
            <>
              {': '}
              <strong data-testid="impersonation-name">{name}</strong>
            </>
          )}
        </p>
        <button
          type="button"
          data-testid="impersonation-return"
          disabled={back.isPending}
          onClick={() => back.mutate()}
          className="ml-auto rounded-md bg-slate-950 px-3 py-1 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950 disabled:opacity-60"
        >
          {t('panel.return')}
        </button>
      </div>
    </div>
  )
}
