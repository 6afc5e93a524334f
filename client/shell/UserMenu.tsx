// The signed-in person's menu: separate items for the tutor and the client role, and the logout
// that matches the current role (docs/product.md#2-screens-and-routes, #4-states-and-transitions).
import { useLocation } from 'wouter'
import type { MessageKey } from '../../i18n/format'
import type { AuthObject } from '../lib/api-types'
import { readIndicators } from '../account/tutor/indicators-cache'
import { showError } from '../ui/Banner'
import { Menu, MenuButton, MenuContent, MenuLink, MenuSeparator, MenuTrigger } from '../ui/Menu'
import { displayName } from '../lib/auth'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { previewUrl } from '../../common/avatars'

interface Item {
  path: string
  label: MessageKey
}

const TUTOR_ITEMS: Item[] = [
  { path: '/profile/', label: 'header.profile' },
  { path: '/orders/new', label: 'header.tutor_orders' },
  { path: '/wallet', label: 'header.wallet' },
  { path: '/tops', label: 'header.tops' },
  { path: '/my-ads', label: 'header.my_ads' },
  { path: '/settings', label: 'header.settings' },
]

const CLIENT_ITEMS: Item[] = [
  { path: '/client_orders', label: 'header.client_orders' },
  { path: '/client_profile', label: 'header.client_profile' },
  { path: '/client_chats', label: 'header.client_chats' },
  { path: '/settings', label: 'header.settings' },
]

export function menuItems(auth: AuthObject): Item[] {
  if (auth.current_role === 'client') return CLIENT_ITEMS
  const items = [...TUTOR_ITEMS]
  // /verified-tutor when the cached tutor indicators allow verification (the cabinet keeps them 24 h;
  // the menu asks no server of its own); /school-tutor needs the flag.
  if (auth.tutor_info && readIndicators(auth.tutor_info.id)?.is_allow_verification)
    items.push({ path: '/verified-tutor', label: 'header.verified_tutor' })
  if (auth.tutor_info !== false && auth.tutor_info.potential_school_tutor)
    items.push({ path: '/school-tutor', label: 'header.school_tutor' })
  return items
}

export function UserMenu({ auth }: { auth: AuthObject }) {
  const { t } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const role = auth.current_role === 'client' ? 'client' : 'tutor'
  const afterLogout = {
    onSuccess: async () => {
      await utils.auth.role.get.invalidate()
      navigate(href(role === 'tutor' ? '/login' : '/client-login'))
    },
    onError: showError,
  }
  const tutorLogout = trpc.auth.tutor.logout.useMutation(afterLogout)
  const clientLogout = trpc.auth.client.logout.useMutation(afterLogout)
  const logout = () => (role === 'tutor' ? tutorLogout.mutate() : clientLogout.mutate())
  // A client created by a code sign-in or an order may have no name yet.
  const name = displayName(auth) || t('account.title')
  // The tutor's photo while acting as the tutor; a client has none.
  const photo = role === 'tutor' && auth.tutor_info ? auth.tutor_info.avatar : null

  return (
    <Menu>
      <MenuTrigger
        data-testid="user-menu"
        aria-label={name}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {photo ? (
          // Decorative: the button is named by the person's name.
          <img src={previewUrl(photo)} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-brand text-base font-semibold text-white"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {/* Phones show the initial only: the header has no room for a long name beside the languages. */}
        <span className="hidden max-w-32 truncate sm:inline">{name}</span>
      </MenuTrigger>
      <MenuContent align="end" className="min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {menuItems(auth).map((item) => (
          <MenuLink key={item.path} href={href(item.path)}>
            {t(item.label)}
          </MenuLink>
        ))}
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuButton data-testid="logout" onSelect={logout}>
          {t('header.logout')}
        </MenuButton>
      </MenuContent>
    </Menu>
  )
}
