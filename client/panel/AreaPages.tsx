// The panel's pages: the desktop (start page) and one page per area of the menu. The route table
// (common/routes.ts) names the screen and its guard; this maps each screen to what renders it. Areas
// not built yet show their title and a placeholder (issue 14 builds them).
import { Suspense, lazy } from 'react'
import type { PageMatch } from '../../common/routes'
import { trpc } from '../lib/trpc'
import { AdminsPage } from './AdminsPage'
import { ClientsPage } from './ClientsPage'
import { MerchantsPage } from './MerchantsPage'
import { SchedulePage } from './SchedulePage'
import { SiteReviewsPage } from './SiteReviewsPage'
import { StaticPagesPage } from './StaticPagesPage'
import { TutorEditor } from './TutorEditor'
import { TutorsList } from './TutorsPage'
import { VideosPage } from './VideosPage'
import type { Admin, PanelText } from './panel-text'

const PanelOrders = lazy(() => import('./orders/PanelOrders'))

interface AreaProps {
  title: string
  path: string
  admin: Admin
  pt: PanelText
}

/** The areas built so far, by their screen in the route table. */
const AREA_PAGES: Partial<Record<string, (p: AreaProps) => React.ReactNode>> = {
  users_show: ({ title, path, admin }) => {
    const id = path.split('/')[3]
    return id && /^\d{1,9}$/.test(id) ? <TutorEditor id={Number(id)} staffStatus={admin.status} /> : <TutorsList title={title} />
  },
  clients_show: ({ title, admin }) => <ClientsPage title={title} staffStatus={admin.status} />,
  admins_show: ({ title, admin }) => <AdminsPage title={title} me={admin} />,
  admins_schedule: ({ title }) => <SchedulePage title={title} />,
  merchants: ({ title }) => <MerchantsPage title={title} />,
  pages_show: ({ title }) => <StaticPagesPage title={title} />,
  reviews_show: ({ title }) => <SiteReviewsPage title={title} />,
  users_videos: ({ title }) => <VideosPage title={title} />,
  users_orders: ({ path, pt }) => (
    <Suspense fallback={<p className="text-slate-600">{pt('panel.wait')}</p>}>
      <PanelOrders path={path} />
    </Suspense>
  ),
}

function Desktop({ pt }: { pt: PanelText }) {
  // The call proves the session may open the panel; its widgets arrive with the areas that fill them.
  const desktop = trpc.admin.desktop.get.useQuery()
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{pt('panel.desktop')}</h1>
      {desktop.isPending ? (
        <p className="text-slate-600">{pt('panel.wait')}</p>
      ) : desktop.isError ? (
        <p className="text-red-700">{pt('errors.forbidden')}</p>
      ) : (
        <p className="text-slate-700">{pt('panel.desktop_empty')}</p>
      )}
    </>
  )
}

/** The page of a staff member the panel's guard admitted; `forbidden`: their status does not open the area. */
export function AreaPage({ page, forbidden, admin, pt }: { page: PageMatch; forbidden: boolean; admin: Admin; pt: PanelText }) {
  const { screen } = page
  if (!screen) return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.not_found')}</h1>
  if (forbidden) return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.forbidden')}</h1>
  if (screen.name === 'desktop') return <Desktop pt={pt} />
  const title = screen.menu ? pt(screen.menu.label) : ''
  const Area = AREA_PAGES[screen.name]
  if (Area) return <Area title={title} path={page.path} admin={admin} pt={pt} />
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{pt('account.soon')}</p>
    </>
  )
}
