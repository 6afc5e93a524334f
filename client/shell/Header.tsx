// The full site header: charity strip, logo, secondary links, language switcher and either the
// login dropdown (anonymous) or the role switch and user menu (signed-in person).
import { DropdownMenu } from 'radix-ui'
import { Link } from 'wouter'
import type { AuthObject } from '../../server/domain/auth/sessions'
import { isPerson } from '../lib/auth'
import { BLOG_URL, useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageMatch } from '../routes'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Logo } from './Logo'
import { RoleSwitch } from './RoleSwitch'
import { UserMenu } from './UserMenu'

const MENU_ITEM = 'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100'
// Menus render without a portal, so an open menu stays inside the <header> landmark.
const NAV_LINK = 'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900'

function LoginDropdown() {
  const { t } = useSite()
  const href = useLocalePath()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="login-dropdown"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark hover:bg-brand/10 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {t('header.login')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <DropdownMenu.Item asChild className={MENU_ITEM} data-value="student">
          <Link href={href('/client-login')}>{t('header.login_student')}</Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={MENU_ITEM} data-value="tutor">
          <Link href={href('/login')}>{t('header.login_tutor')}</Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

/** Vacancies (not for tutors) and the blog: inline on desktop, in a menu on mobile. */
function secondaryLinks(auth: AuthObject | undefined) {
  const links: { href: string; label: 'header.vacancy' | 'header.blog'; external: boolean }[] = []
  if (!auth?.tutor) links.push({ href: '/vacancy', label: 'header.vacancy', external: false })
  links.push({ href: BLOG_URL, label: 'header.blog', external: true })
  return links
}

function MobileMenu({ links, showRegister }: { links: ReturnType<typeof secondaryLinks>; showRegister: boolean }) {
  const { t } = useSite()
  const href = useLocalePath()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand md:hidden">
        <span className="sr-only">{t('header.menu')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {links.map((l) => (
          <DropdownMenu.Item key={l.href} asChild className={MENU_ITEM}>
            {l.external ? <a href={l.href}>{t(l.label)}</a> : <Link href={href(l.href)}>{t(l.label)}</Link>}
          </DropdownMenu.Item>
        ))}
        {showRegister && (
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <Link href={href('/register')}>{t('header.register')}</Link>
          </DropdownMenu.Item>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

export function Header({ page }: { page: PageMatch }) {
  const { t } = useSite()
  const href = useLocalePath()
  const auth = trpc.auth.role.get.useQuery().data?.auth
  const person = isPerson(auth)
  const links = secondaryLinks(auth)

  return (
    <header className="border-b border-slate-200 bg-white">
      <p className="bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950 md:text-sm">{t('header.charity')}</p>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <MobileMenu links={links} showRegister={!person} />
        <Logo />
        <nav aria-label={t('header.menu')} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((l) => (
              <li key={l.href}>
                {l.external ? (
                  <a href={l.href} className={NAV_LINK}>
                    {t(l.label)}
                  </a>
                ) : (
                  <Link href={href(l.href)} className={NAV_LINK}>
                    {t(l.label)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher page={page} />
          {isPerson(auth) ? (
            <>
              <RoleSwitch auth={auth} />
              <UserMenu auth={auth} />
            </>
          ) : (
            <>
              <LoginDropdown />
              <Link
                href={href('/register')}
                className="hidden rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark sm:inline-flex"
              >
                {t('header.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
