// The panel's left menu (docs/product.md#2-screens-and-routes): the start page, then the areas the staff status opens,
// grouped. The entries are the panel's screens in the route table (common/routes.ts `menuFor`).
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { type PageMatch, menuFor, panelHref } from '../../common/routes'
import type { MenuGroup } from '../../common/staff-areas'
import { showError } from '../ui/Banner'
import { trpc } from '../lib/trpc'
import type { Admin, PanelText } from './panel-text'

const GROUPS: MenuGroup[] = ['settings', 'content', 'tutors', 'locations']

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

/** The staff member's photo preview (a staff-only download), or the name's initial in a circle. */
function StaffPhoto({ admin, size }: { admin: Admin; size: 36 | 46 }) {
  const box = size === 36 ? 'size-9' : 'size-[46px]'
  return admin.avatar ? (
    <img
      src={admin.avatar}
      alt=""
      width={size}
      height={size}
      data-testid="panel-admin-avatar"
      className={`${box} shrink-0 rounded-full border border-slate-600 object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-slate-700 font-semibold text-slate-100`}
    >
      {admin.name.slice(0, 1).toUpperCase()}
    </span>
  )
}

export function PanelMenu({ page, admin, pt }: { page: PageMatch; admin: Admin; pt: PanelText }) {
  const { path } = page
  const utils = trpc.useUtils()
  const logout = trpc.auth.staff.logout.useMutation({
    onSuccess: async () => {
      await utils.auth.role.get.invalidate()
      window.location.reload()
    },
    onError: showError,
  })
  // An area's entry is current on the area's own page, not below it (/panel/users_show/12 links back).
  const exact = (p: string) => path.replace(/\/+$/, '') === panelHref(p)
  const items = menuFor(admin.status)
  // Phones: the menu folds behind a button (a disclosure); from md up it is always shown.
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  // Following a link closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
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
      {/* The phone's top bar: a landmark (banner), so nothing on the page sits outside one (axe 'region'). */}
      <header className="flex items-center gap-3 bg-slate-900 px-4 py-2 text-white md:hidden">
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
            <path
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            />
          </svg>
          {pt('panel.menu')}
        </button>
        <span className="ml-auto flex min-w-0 items-center gap-2 text-sm text-slate-300">
          <StaffPhoto admin={admin} size={36} />
          <span className="truncate">{admin.name}</span>
        </span>
      </header>
      <nav
        ref={nav}
        id="panel-menu"
        data-testid="panel-menu"
        aria-label={pt('panel.menu')}
        className={`${open ? 'flex' : 'hidden'} flex-col gap-4 bg-slate-900 p-4 text-slate-200 md:flex md:min-h-screen md:w-64 md:shrink-0`}
      >
        <div className="flex flex-col gap-2 border-b border-slate-700 pb-4">
          <div className="flex items-center gap-3">
            <StaffPhoto admin={admin} size={46} />
            <p data-testid="panel-admin-name" className="min-w-0 truncate font-semibold text-white">
              {admin.name}
            </p>
          </div>
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
        <MenuEntry href={panelHref('desktop')} current={page.screen?.name === 'desktop'} label={pt('panel.start')} />
        {GROUPS.map((group) => {
          const groupItems = items.filter((i) => i.group === group)
          if (!groupItems.length) return null
          return (
            <section key={group} aria-labelledby={`panel-group-${group}`}>
              <h2
                id={`panel-group-${group}`}
                className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase"
              >
                {pt(`panel.group.${group}`)}
              </h2>
              <ul className="flex flex-col gap-0.5">
                {groupItems.map((item) => (
                  <li key={item.page}>
                    <MenuEntry href={panelHref(item.page)} current={exact(item.page)} label={pt(item.label)} />
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
