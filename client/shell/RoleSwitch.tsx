// For a person holding both roles: switches the current role (spec/product.md §4). Desktop only.
import { RadioGroup } from 'radix-ui'
import type { AuthObject } from '../../server/domain/auth/sessions'
import { showError } from '../components/ui/StatusBanner'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

const ROLES = [
  { value: 'tutor', label: 'header.role_tutor' },
  { value: 'client', label: 'header.role_client' },
] as const

export function RoleSwitch({ auth }: { auth: AuthObject }) {
  const { t } = useSite()
  const utils = trpc.useUtils()
  const setRole = trpc.auth.role.set.useMutation({
    onSuccess: () => utils.auth.role.get.invalidate(),
    onError: showError,
  })
  if (!auth.tutor || !auth.client) return null

  return (
    <RadioGroup.Root
      data-testid="role-switch"
      aria-label={t('header.role')}
      value={auth.current_role || 'tutor'}
      onValueChange={(role) => setRole.mutate({ role: role as 'tutor' | 'client' })}
      disabled={setRole.isPending}
      orientation="horizontal"
      className="hidden rounded-full bg-slate-100 p-1 md:flex"
    >
      {ROLES.map((r) => (
        <RadioGroup.Item
          key={r.value}
          value={r.value}
          className="rounded-full px-3 py-1 text-sm font-medium text-slate-700 data-[state=checked]:bg-white data-[state=checked]:text-brand-dark data-[state=checked]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand"
        >
          {t(r.label)}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}
