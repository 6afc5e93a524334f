// The panel's pages: the desktop (start page) and one page per area of the menu. The route table
// (common/routes.ts) names the screen and its guard; this maps each screen to what renders it. Areas
// not built yet show their title and a placeholder.
import { Suspense, lazy } from 'react'
import type { PageMatch } from '../../common/routes'
import { trpc } from '../lib/trpc'
import { AdminsPage } from './AdminsPage'
import { AdsPage } from './AdsPage'
import { BlogsPage } from './BlogsPage'
import { ClientsPage } from './ClientsPage'
import { JobsPage } from './JobsPage'
import { MerchantsPage } from './MerchantsPage'
import { EmailsPage, SmsPage } from './MessagesPages'
import { NewsPage } from './NewsPage'
import { OwnAvatar } from './OwnAvatar'
import { SchedulePage } from './SchedulePage'
import { SiteReviewsPage } from './SiteReviewsPage'
import { StaticPagesPage } from './StaticPagesPage'
import { TutorEditor } from './TutorEditor'
import { TutorsList } from './TutorsPage'
import { REFERENCE_SCREENS, ReferencePage } from './ReferencePage'
import { CoreFilesPage, SeoTextsPage } from './SeoPages'
import { TopsPage } from './TopsPage'
import { TransferSettingsPage } from './TransferSettingsPage'
import { OrderFeesPage } from './OrderFeesPage'
import { UnitsBlocksPage } from './UnitsBlocksPage'
import { Link } from 'wouter'
import { VideosPage } from './VideosPage'
import { ExaminationTestsPage } from './ExaminationTestsPage'
import { IncomingCallsPage } from './IncomingCallsPage'
import { PaymentsPage } from './PaymentsPage'
import type { Admin, PanelText } from './panel-text'
import { DataTable } from '../ui/Table'
import { staffMayAccess } from '../../common/staff-areas'

const PanelOrders = lazy(() => import('./orders/PanelOrders'))

interface AreaProps {
  title: string
  path: string
  admin: Admin
  pt: PanelText
}

/** The page of each panel screen of the route table (the desktop is AreaPage's own). */
const AREA_PAGES: Partial<Record<string, (p: AreaProps) => React.ReactNode>> = {
  users_show: ({ title, path, admin }) => {
    const id = path.split('/')[3]
    return id && /^\d{1,9}$/.test(id) ? (
      <TutorEditor id={Number(id)} staffStatus={admin.status} />
    ) : (
      <TutorsList title={title} />
    )
  },
  clients_show: ({ title, admin }) => <ClientsPage title={title} staffStatus={admin.status} />,
  admins_show: ({ title, admin }) => <AdminsPage title={title} me={admin} />,
  admins_schedule: ({ title }) => <SchedulePage title={title} />,
  merchants: ({ title }) => <MerchantsPage title={title} />,
  emails_show: ({ title }) => <EmailsPage title={title} />,
  sms_show: ({ title }) => <SmsPage title={title} />,
  system_jobs: ({ title }) => <JobsPage title={title} />,
  pages_show: ({ title }) => <StaticPagesPage title={title} />,
  reviews_show: ({ title }) => <SiteReviewsPage title={title} />,
  news_show: ({ title, path }) => <NewsPage title={title} path={path} />,
  users_blog: ({ title }) => <BlogsPage title={title} />,
  users_ads: ({ title }) => <AdsPage title={title} />,
  users_tops: ({ title }) => <TopsPage title={title} />,
  transfer_settings: ({ title }) => <TransferSettingsPage title={title} />,
  order_fees: ({ title }) => <OrderFeesPage title={title} />,
  core_files: ({ title }) => <CoreFilesPage title={title} />,
  units_blocks: ({ title }) => <UnitsBlocksPage title={title} />,
  users_filter_combinations: ({ title }) => <SeoTextsPage title={title} />,
  ...Object.fromEntries(
    Object.entries(REFERENCE_SCREENS).map(([screen, kind]) => [
      screen,
      ({ title }: AreaProps) => <ReferencePage key={kind} kind={kind} title={title} />,
    ]),
  ),
  users_videos: ({ title }) => <VideosPage title={title} />,
  users_incoming_calls: ({ title }) => <IncomingCallsPage title={title} />,
  examination_tests: ({ title }) => <ExaminationTestsPage title={title} />,
  payments: ({ title }) => <PaymentsPage title={title} />,
  users_orders: ({ path, pt }) => (
    <Suspense fallback={<p className="text-slate-600">{pt('panel.wait')}</p>}>
      <PanelOrders path={path} />
    </Suspense>
  ),
}

/** p75 web vitals per route and edition, last 7 days (POST /api/metrics/web_vitals/ from a share of visitors' browsers). */
function WebVitals({ pt }: { pt: PanelText }) {
  const vitals = trpc.admin.desktop.webVitals.useQuery()
  // Google's thresholds: good up to 2.5 s LCP, 200 ms INP, 0.1 CLS; above them the figure is marked.
  const mark = (v: number | null, good: number, text: string) =>
    v === null ? (
      <span className="text-slate-400">—</span>
    ) : (
      <span className={`tabular-nums ${v > good ? 'font-semibold text-red-700' : 'text-slate-900'}`}>{text}</span>
    )
  type Row = NonNullable<typeof vitals.data>['rows'][number]
  return (
    <section className="mt-8" aria-labelledby="vitals-title">
      <h2 id="vitals-title" className="mb-3 text-lg font-semibold text-slate-900">
        {pt('panel.vitals.title')}
      </h2>
      {vitals.isPending ? (
        <p className="text-slate-600">{pt('panel.wait')}</p>
      ) : (
        <DataTable<Row>
          label={pt('panel.vitals.title')}
          empty={pt('panel.vitals.empty')}
          rows={vitals.data?.rows ?? []}
          rowKey={(r) => `${r.edition}:${r.route}`}
          columns={[
            {
              key: 'route',
              header: pt('panel.vitals.route'),
              cell: (r) => <code className="text-xs break-all">{r.route}</code>,
            },
            { key: 'edition', header: pt('panel.vitals.edition'), cell: (r) => r.edition },
            {
              key: 'samples',
              header: pt('panel.vitals.samples'),
              cell: (r) => <span className="tabular-nums">{r.samples}</span>,
            },
            { key: 'lcp', header: pt('panel.vitals.lcp'), cell: (r) => mark(r.lcp, 2500, String(r.lcp)) },
            { key: 'inp', header: pt('panel.vitals.inp'), cell: (r) => mark(r.inp, 200, String(r.inp)) },
            { key: 'cls', header: pt('panel.vitals.cls'), cell: (r) => mark(r.cls, 0.1, String(r.cls)) },
          ]}
        />
      )}
    </section>
  )
}

function Desktop({ pt, admin }: { pt: PanelText; admin: Admin }) {
  // What waits for staff in the areas their status opens; each widget links to the filtered list.
  const desktop = trpc.admin.desktop.get.useQuery()
  const widgets = desktop.data?.widgets ?? []
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{pt('panel.desktop')}</h1>
      {desktop.isPending ? (
        <p className="text-slate-600">{pt('panel.wait')}</p>
      ) : desktop.isError ? (
        <p className="text-red-700">{pt('errors.forbidden')}</p>
      ) : widgets.length === 0 ? (
        <p className="text-slate-700">{pt('panel.desktop_empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="desktop-widgets">
          {widgets.map((w) => (
            <li
              key={w.key}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand hover:shadow"
            >
              <Link
                href={w.href}
                data-testid={`widget-${w.key}`}
                className="flex flex-1 flex-col gap-2 rounded-xl p-5 focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span className={`text-4xl font-bold tabular-nums ${w.count ? 'text-slate-900' : 'text-slate-500'}`}>
                  {w.count}
                </span>
                <span className="font-medium text-slate-700">{pt(`panel.widget.${w.key}`)}</span>
                <span className="mt-auto text-sm text-brand-dark underline underline-offset-2">
                  {pt('panel.widget.open')}
                </span>
              </Link>
              {(w.mine || w.unowned) && (
                // The orders widget: my open orders and the open ones nobody is responsible for
                // (docs/decisions.md#orders).
                <ul
                  className="flex flex-col gap-1 border-t border-slate-100 px-5 py-3 text-sm"
                  data-testid={`widget-${w.key}-responsible`}
                >
                  {w.mine && (
                    <li>
                      <Link
                        href={w.mine.href}
                        data-testid="widget-orders-mine"
                        className="text-brand-dark underline underline-offset-2"
                      >
                        {pt('panel.widget.orders_mine')}:{' '}
                        <span className="font-semibold tabular-nums">{w.mine.count}</span>
                      </Link>
                    </li>
                  )}
                  {w.unowned && (
                    <li>
                      <Link
                        href={w.unowned.href}
                        data-testid="widget-orders-unowned"
                        className="text-brand-dark underline underline-offset-2"
                      >
                        {pt('panel.widget.orders_unowned')}:{' '}
                        <span className="font-semibold tabular-nums">{w.unowned.count}</span>
                      </Link>
                    </li>
                  )}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {desktop.data && (
        // Who the staff schedule (/panel/admins_schedule) puts on duty at this moment, with today's hours.
        <section
          className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="desktop-on-duty"
        >
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{pt('panel.on_duty')}</h2>
          {desktop.data.on_duty.length === 0 ? (
            <p className="text-slate-600">{pt('panel.on_duty_none')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {desktop.data.on_duty.map((d) => (
                <li key={d.admin_id} data-testid={`on-duty-${d.admin_id}`}>
                  <span className="font-medium text-slate-900">{d.name}</span>{' '}
                  <span className="text-slate-600 tabular-nums">{d.hours}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {staffMayAccess(admin.status, 'seo') && <WebVitals pt={pt} />}
      <OwnAvatar />
    </>
  )
}

/** The page of a staff member the panel's guard admitted; `forbidden`: their status does not open the area. */
export function AreaPage({
  page,
  forbidden,
  admin,
  pt,
}: {
  page: PageMatch
  forbidden: boolean
  admin: Admin
  pt: PanelText
}) {
  const { screen } = page
  const Area = screen && screen.name !== 'desktop' ? AREA_PAGES[screen.name] : undefined
  // Every screen of the panel's route table has its page (tests/browser/panel-pages.test.ts opens each
  // one); a screen without one is answered as not found, never with a placeholder.
  if (!screen || (screen.name !== 'desktop' && !Area))
    return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.not_found')}</h1>
  if (forbidden) return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.forbidden')}</h1>
  if (screen.name === 'desktop') return <Desktop pt={pt} admin={admin} />
  const title = screen.menu ? pt(screen.menu.label) : ''
  return Area && <Area title={title} path={page.path} admin={admin} pt={pt} />
}
