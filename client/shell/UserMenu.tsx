// The signed-in person's menu: separate items for the tutor and the client role, and the logout
// that matches the current role (spec/product.md §2, §4).
import { DropdownMenu } from 'radix-ui'
import { Link, useLocation } from 'wouter'
import type { MessageKey } from '../../i18n/keys'
import type { AuthObject } from '../../server/domain/auth/sessions'
import { showError } from '../components/ui/StatusBanner'
import { displayName } from '../lib/auth'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

interface Item {
  path: string
  label: MessageKey
}

const TUTOR_ITEMS: Item[] = [
  { path: '/profile/', label: 'header.profile' },
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
  // /verified-tutor waits for the tutor indicators (a later issue); /school-tutor needs the flag.
  if (auth.tutor_info && auth.tutor_info.potential_school_tutor) items.push({ path: '/school-tutor', label: 'header.school_tutor' })
  return items
}

const ITEM = 'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100'

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
  const name = displayName(auth)

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand text-base font-semibold text-white">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{name}</span>
      </DropdownMenu.Trigger>
      {/* No portal: the open menu stays inside the <header> landmark. */}
      <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {menuItems(auth).map((item) => (
          <DropdownMenu.Item key={item.path} asChild className={ITEM}>
            <Link href={href(item.path)}>{t(item.label)}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item data-testid="logout" className={ITEM} onSelect={logout}>
          {t('header.logout')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
