// The full site header: charity strip, logo, secondary links, language switcher and either the
// login dropdown (anonymous), the role switch and user menu (signed-in person) or the staff menu (staff alone).
import { Suspense } from 'react'
import { Link } from 'wouter'
import { Menu, MenuAnchor, MenuContent, MenuLink, MenuTrigger } from '../ui/Menu'
import type { AuthObject } from '../lib/api-types'
import { BLOG_URL, useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { PERSON_MENUS } from '../pages'
import type { PageMatch } from '../../common/routes'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Logo } from './Logo'

const MENU = 'min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg'
const NAV_LINK = 'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900'

function LoginDropdown() {
  const { t } = useSite()
  const href = useLocalePath()
  return (
    <Menu>
      <MenuTrigger
        data-testid="login-dropdown"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark hover:bg-brand/10 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {t('header.login')}
      </MenuTrigger>
      <MenuContent align="end" className={MENU}>
        <MenuLink href={href('/client-login')} data-value="student">
          {t('header.login_student')}
        </MenuLink>
        <MenuLink href={href('/login')} data-value="tutor">
          {t('header.login_tutor')}
        </MenuLink>
      </MenuContent>
    </Menu>
  )
}

/** Vacancies (not for tutors) and the blog: inline on desktop, in a menu on mobile. */
function secondaryLinks(auth: AuthObject | undefined) {
  const links: { href: string; label: 'header.vacancy' | 'header.blog'; external: boolean }[] = []
  if (!auth?.tutor) links.push({ href: '/vacancy', label: 'header.vacancy', external: false })
  links.push({ href: BLOG_URL, label: 'header.blog', external: false })
  return links
}

function MobileMenu({ links, showRegister }: { links: ReturnType<typeof secondaryLinks>; showRegister: boolean }) {
  const { t } = useSite()
  const href = useLocalePath()
  return (
    <Menu className="md:hidden">
      <MenuTrigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand">
        <span className="sr-only">{t('header.menu')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </MenuTrigger>
      <MenuContent align="start" className={MENU}>
        {/* First and marked: on a phone the header has no room for the register button. */}
        {showRegister && (
          <MenuLink href={href('/register')} className="font-semibold text-brand-dark">
            {t('header.register')}
          </MenuLink>
        )}
        {links.map((l) =>
          l.external ? (
            <MenuAnchor key={l.href} href={l.href}>
              {t(l.label)}
            </MenuAnchor>
          ) : (
            <MenuLink key={l.href} href={href(l.href)}>
              {t(l.label)}
            </MenuLink>
          ),
        )}
      </MenuContent>
    </Menu>
  )
}

export function Header({ page }: { page: PageMatch }) {
  const { t } = useSite()
  const href = useLocalePath()
  const auth = trpc.auth.role.get.useQuery().data?.auth
  // A person, or staff signed in as nobody else (PersonMenus shows them the staff menu), not the login dropdown.
  const signedIn = !!auth && (auth.tutor || auth.client || auth.admin)
  const links = secondaryLinks(auth)

  return (
    <header className="border-b border-slate-200 bg-white">
      <p className="bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950 md:text-sm">
        {t('header.charity')}
      </p>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <MobileMenu links={links} showRegister={!signedIn} />
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
          {auth && signedIn ? (
            <Suspense fallback={null}>
              <PERSON_MENUS.Component auth={auth} />
            </Suspense>
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
