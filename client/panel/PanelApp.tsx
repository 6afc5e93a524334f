// The staff panel (/panel/*), rendered in the browser only. Without a staff session it shows the
// staff sign-in; with one, the left menu of the areas the staff status opens (spec/product.md §2)
// and the page. Labels are Spanish on Spanish-speaking editions, Ukrainian elsewhere.
import { Suspense, lazy, use, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { AreaKey } from '../../i18n/areas'
import { type MessageKey, translator } from '../../i18n/format'
import { useAreaText } from '../lib/area-text'
import { panelLocale } from './text'
import { StatusBanner, showError } from '../ui/Banner'
import { Button } from '../ui/Button'
import { errorAt } from '../ui/Field'
import { TextField } from '../ui/TextField'
import { Form } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { loadCatalog } from '../../i18n/load'
import type { AuthObject } from '../lib/api-types'
import { type MenuGroup, type MenuItem, PANEL_MENU, menuFor } from '../../common/staff-areas'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { ImpersonationBanner } from '../shell/ImpersonationBanner'
import { AdminsPage } from './AdminsPage'
import { ClientsPage } from './ClientsPage'
import { SchedulePage } from './SchedulePage'
import { TutorEditor } from './TutorEditor'
import { TutorsList } from './TutorsPage'

const PanelOrders = lazy(() => import('./orders/PanelOrders'))

const GROUPS: MenuGroup[] = ['settings', 'content', 'tutors', 'locations']
const DESKTOP = 'desktop'

type PanelText = (key: MessageKey | AreaKey<'panel'>) => string

function usePanelText(): { pt: PanelText; ptr: (text: string) => string } {
  const { edition } = useSite()
  // The panel's language may differ from the page's: both catalogs load on demand (suspends once).
  const locale = panelLocale(edition.defaultLocale)
  const { t, tr } = translator(use(loadCatalog(locale)))
  const area = useAreaText('panel', locale)
  return { pt: (key) => (key.startsWith('panel.') && key !== 'panel.wait' && key !== 'panel.desktop' ? area(key as AreaKey<'panel'>) : t(key as MessageKey)), ptr: tr }
}

/** The page segment of a panel path: '/panel' and '/panel/desktop' are the desktop. */
export function panelPage(path: string): string {
  return path.split('/')[2] || DESKTOP
}

type PanelView = { kind: 'desktop' } | { kind: 'area'; item: MenuItem } | { kind: 'forbidden' } | { kind: 'not_found' }

export function panelView(path: string, status: number): PanelView {
  const page = panelPage(path)
  if (page === DESKTOP) return { kind: 'desktop' }
  const item = PANEL_MENU.find((m) => m.page === page)
  if (!item) return { kind: 'not_found' }
  return menuFor(status).includes(item) ? { kind: 'area', item } : { kind: 'forbidden' }
}

const MENU_LINK = 'block rounded-md px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800 hover:text-white'
const MENU_CURRENT = 'block rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-white'

/** A menu entry: the current page is plain text, the others are links. */
function MenuEntry({ href, current, label }: { href: string; current: boolean; label: string }) {
  return current ? (
    <span aria-current="page" className={MENU_CURRENT}>
      {label}
    </span>
  ) : (
    <Link href={href} className={MENU_LINK}>
      {label}
    </Link>
  )
}

function PanelMenu({ path, admin, pt }: { path: string; admin: { name: string; status: number }; pt: PanelText }) {
  const utils = trpc.useUtils()
  const logout = trpc.auth.staff.logout.useMutation({
    onSuccess: async () => {
      await utils.auth.role.get.invalidate()
      window.location.reload()
    },
    onError: showError,
  })
  const page = panelPage(path)
  const exact = (p: string) => path.replace(/\/+$/, '') === `/panel/${p}`
  const items = menuFor(admin.status)
  // Phones: the menu folds behind a button (a disclosure); from md up it is always shown.
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  // Following a link closes it.
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    nav.current?.querySelector<HTMLElement>('a, button')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <>
    <div className="flex items-center gap-3 bg-slate-900 px-4 py-2 text-white md:hidden">
      <button
        ref={toggle}
        type="button"
        data-testid="panel-menu-toggle"
        aria-expanded={open}
        aria-controls="panel-menu"
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
        {pt('panel.menu')}
      </button>
      <span className="ml-auto truncate text-sm text-slate-300">{admin.name}</span>
    </div>
    <nav
      ref={nav}
      id="panel-menu"
      data-testid="panel-menu"
      aria-label={pt('panel.menu')}
      className={`${open ? 'flex' : 'hidden'} flex-col gap-4 bg-slate-900 p-4 text-slate-200 md:flex md:min-h-screen md:w-64 md:shrink-0`}
    >
      <div className="flex flex-col gap-2 border-b border-slate-700 pb-4">
        <p data-testid="panel-admin-name" className="font-semibold text-white">
          {admin.name}
        </p>
        <div className="flex items-center gap-3 text-sm">
          <a href="/" className="text-slate-200 underline underline-offset-2 hover:text-white">
            {pt('panel.site')}
          </a>
          <button
            type="button"
            data-testid="panel-logout"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className="ml-auto rounded-md border border-slate-600 px-2 py-1 text-slate-100 hover:bg-slate-800"
          >
            {pt('panel.logout')}
          </button>
        </div>
      </div>
      <MenuEntry href="/panel/desktop" current={page === DESKTOP} label={pt('panel.start')} />
      {GROUPS.map((group) => {
        const groupItems = items.filter((i) => i.group === group)
        if (!groupItems.length) return null
        return (
          <section key={group} aria-labelledby={`panel-group-${group}`}>
            <h2 id={`panel-group-${group}`} className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {pt(`panel.group.${group}`)}
            </h2>
            <ul className="flex flex-col gap-0.5">
              {groupItems.map((item) => (
                <li key={item.page}>
                  <MenuEntry href={`/panel/${item.page}`} current={exact(item.page)} label={pt(item.label)} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </nav>
    </>
  )
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

type Admin = { id: number; name: string; status: number }

/** The areas built so far; the others show a placeholder. */
function AreaPage({ item, path, admin, pt }: { item: MenuItem; path: string; admin: Admin; pt: PanelText }) {
  const title = pt(item.label)
  const sub = path.split('/')[3]
  switch (item.page) {
    case 'users_show':
      return sub && /^\d{1,9}$/.test(sub) ? <TutorEditor id={Number(sub)} staffStatus={admin.status} /> : <TutorsList title={title} />
    case 'clients_show':
      return <ClientsPage title={title} staffStatus={admin.status} />
    case 'admins_show':
      return <AdminsPage title={title} me={admin} />
    case 'admins_schedule':
      return <SchedulePage title={title} />
    default:
      return null
  }
}

const BUILT = new Set(['users_show', 'clients_show', 'admins_show', 'admins_schedule'])

function PanelPage({ view, path, admin, pt }: { view: PanelView; path: string; admin: Admin; pt: PanelText }) {
  switch (view.kind) {
    case 'desktop':
      return <Desktop pt={pt} />
    case 'area':
      if (BUILT.has(view.item.page)) return <AreaPage item={view.item} path={path} admin={admin} pt={pt} />
      if (view.item.page === 'users_orders') return <Suspense fallback={<p className="text-slate-600">{pt('panel.wait')}</p>}><PanelOrders path={path} /></Suspense>
      return (
        <>
          <h1 className="mb-4 text-2xl font-bold text-slate-900">{pt(view.item.label)}</h1>
          <p className="text-slate-700">{pt('account.soon')}</p>
        </>
      )
    case 'forbidden':
      return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.forbidden')}</h1>
    case 'not_found':
      return <h1 className="text-2xl font-bold text-slate-900">{pt('errors.not_found')}</h1>
  }
}

function StaffLogin({ pt, ptr }: { pt: PanelText; ptr: (text: string) => string }) {
  const utils = trpc.useUtils()
  const login = trpc.auth.staff.login.useMutation()
  const { form, submit, pending } = useActionForm(() => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZStaffLogin), {
    defaults: { email: '', password: '' },
    action: (v) => login.mutateAsync(v),
    onDone: async (data) => {
      utils.auth.role.get.setData(undefined, data)
      await utils.auth.role.get.invalidate()
    },
  })
  // The messages in the panel's language, which may differ from the page's.
  const message = (name: string) => {
    const m = errorAt(form.formState.errors, name)
    return m ? ptr(m) : undefined
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
        <h1 className="mb-6 text-xl font-bold text-slate-900">{pt('panel.login_title')}</h1>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <TextField id="staff-email" type="email" label={pt('panel.email')} autoComplete="username" error={message('email')} {...form.register('email')} />
          <TextField id="staff-password" type="password" label={pt('panel.password')} autoComplete="current-password" error={message('password')} {...form.register('password')} />
          <Button type="submit" disabled={pending} className="w-full py-2.5">
            {pt('panel.submit')}
          </Button>
        </Form>
      </div>
    </main>
  )
}

function adminOf(auth: AuthObject | undefined): Admin | null {
  return auth?.admin && auth.admin_info ? { id: auth.admin_info.admin_id, name: auth.admin_info.name, status: auth.admin_info.status } : null
}

export default function PanelApp({ page }: PageProps) {
  const { path } = page
  const { pt, ptr } = usePanelText()
  const auth = trpc.auth.role.get.useQuery()
  const admin = adminOf(auth.data?.auth)

  let body: React.ReactNode
  if (auth.isPending) body = <p className="p-8 text-center text-slate-600">{pt('panel.wait')}</p>
  else if (!admin) body = <StaffLogin pt={pt} ptr={ptr} />
  else
    body = (
      <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
        <PanelMenu path={path} admin={admin} pt={pt} />
        <main className="flex-1 p-6 md:p-10">
          <PanelPage view={panelView(path, admin.status)} path={path} admin={admin} pt={pt} />
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
