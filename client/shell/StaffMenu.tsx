// What the header shows staff signed in without a tutor or client session (an order page opened from
// the panel, say): their name, the way back to the panel and the staff sign-out, as the panel's own
// menu has them, instead of the visitor's login dropdown.
import { useLocation } from 'wouter'
import type { Locale } from '../../common/editions'
import { panelHref } from '../../common/routes'
import { showError } from '../ui/Banner'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

// Two words kept out of the page catalogs, which every public page ships (the login pages' JS budget).
const WORDS: Record<Locale, { panel: string; staff: string }> = {
  ua: { panel: 'Панель', staff: 'Співробітник' },
  ru: { panel: 'Панель', staff: 'Сотрудник' },
  en: { panel: 'Panel', staff: 'Staff' },
  pl: { panel: 'Panel', staff: 'Pracownik' },
  es: { panel: 'Panel', staff: 'Personal' },
}

/** The panel link's label in a language (the browser tests read it). */
export const staffPanelWord = (locale: Locale) => WORDS[locale].panel

export function StaffMenu({ name }: { name: string }) {
  const { t, locale } = useSite()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const logout = trpc.auth.staff.logout.useMutation({
    onSuccess: async () => {
      await utils.auth.role.get.invalidate()
      navigate(panelHref())
    },
    onError: showError,
  })
  return (
    <div
      role="group"
      aria-label={WORDS[locale].staff}
      data-testid="staff-menu"
      className="flex items-center gap-2 text-sm"
    >
      <span data-testid="staff-menu-name" className="hidden max-w-40 truncate font-medium text-slate-800 sm:inline">
        {name}
      </span>
      <a
        href={panelHref()}
        className="rounded-lg px-2 py-2 font-semibold text-brand-dark sm:px-3 hover:bg-brand/10 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {WORDS[locale].panel}
      </a>
      <button
        type="button"
        data-testid="staff-logout"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        className="rounded-lg border border-slate-300 px-2 py-1.5 font-medium sm:px-3 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {t('header.logout')}
      </button>
    </div>
  )
}
