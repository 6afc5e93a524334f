// The staff panel (/panel/*), rendered in the browser only. The route table (common/routes.ts) names
// the panel's screens and the staff area each needs: without a staff session the panel shows the
// staff sign-in; with one, the left menu of the areas the staff status opens (docs/product.md#2-screens-and-routes)
// and the page (a 403 heading where the status does not open it).
import { admit } from '../../common/routes'
import type { AuthObject } from '../lib/api-types'
import { StatusBanner } from '../ui/Banner'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { ImpersonationBanner } from '../shell/ImpersonationBanner'
import { AreaPage } from './AreaPages'
import { PanelMenu } from './PanelMenu'
import { StaffLogin } from './StaffLogin'
import { StaffBell } from './StaffBell'
import { type Admin, usePanelText } from './panel-text'
import { useScreenTitle } from '../lib/page-title'

function adminOf(auth: AuthObject | undefined): Admin | null {
  return auth?.admin && auth.admin_info
    ? {
        id: auth.admin_info.admin_id,
        name: auth.admin_info.name,
        status: auth.admin_info.status,
        avatar: auth.admin_info.avatar,
      }
    : null
}

export default function PanelApp({ page }: PageProps) {
  const { pt, ptr } = usePanelText()
  const auth = trpc.auth.role.get.useQuery()
  const admin = adminOf(auth.data?.auth)
  const admission = admit(page.guard, { staffStatus: admin?.status })
  // The tab names the panel page in the panel's language, as its menu does ("Заявки | Site").
  useScreenTitle(page.screen?.menu ? pt(page.screen.menu.label) : pt('panel.desktop'))

  let body: React.ReactNode
  if (auth.isPending) body = <p className="p-8 text-center text-slate-600">{pt('panel.wait')}</p>
  else if (!admin || admission.kind === 'sign_in') body = <StaffLogin pt={pt} ptr={ptr} />
  else
    body = (
      <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
        <PanelMenu page={page} admin={admin} pt={pt} />
        <main className="flex-1 p-6 pt-3 md:p-10 md:pt-4">
          <div className="mb-2 flex justify-end">
            <StaffBell />
          </div>
          <AreaPage page={page} forbidden={admission.kind === 'forbidden'} admin={admin} pt={pt} />
        </main>
      </div>
    )

  return (
    <>
      <StatusBanner />
      {/* Signed in as another staff member: the same way back as on the public pages. */}
      <ImpersonationBanner />
      {body}
    </>
  )
}
