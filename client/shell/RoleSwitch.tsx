// For a person holding both roles: switches the current role (docs/product.md#4-states-and-transitions). Desktop only.
// A radio group (WAI-ARIA radio group pattern): one tab stop, the arrow keys move and choose.
import { useRef } from 'react'
import type { AuthObject } from '../lib/api-types'
import { showError } from '../ui/Banner'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

const ROLES = [
  { value: 'tutor', label: 'header.role_tutor' },
  { value: 'client', label: 'header.role_client' },
] as const

type Role = (typeof ROLES)[number]['value']

export function RoleSwitch({ auth }: { auth: AuthObject }) {
  const { t } = useSite()
  const utils = trpc.useUtils()
  const group = useRef<HTMLDivElement>(null)
  const setRole = trpc.auth.role.set.useMutation({
    onSuccess: () => utils.auth.role.get.invalidate(),
    onError: showError,
  })
  if (!auth.tutor || !auth.client) return null
  const current: Role = auth.current_role || 'tutor'
  const choose = (role: Role) => {
    if (role !== current && !setRole.isPending) setRole.mutate({ role })
  }

  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = (index + step + ROLES.length) % ROLES.length
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus()
    choose(ROLES[next]!.value)
  }

  return (
    <div
      ref={group}
      role="radiogroup"
      data-testid="role-switch"
      aria-label={t('header.role')}
      aria-disabled={setRole.isPending || undefined}
      className="hidden rounded-full bg-slate-100 p-1 md:flex"
    >
      {ROLES.map((r, i) => {
        const checked = r.value === current
        return (
          <button
            key={r.value}
            type="button"
            role="radio"
            aria-checked={checked}
            data-state={checked ? 'checked' : 'unchecked'}
            tabIndex={checked ? 0 : -1}
            disabled={setRole.isPending}
            onClick={() => choose(r.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className="rounded-full px-3 py-1 text-sm font-medium text-slate-700 data-[state=checked]:bg-white data-[state=checked]:text-brand-dark data-[state=checked]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand"
          >
            {t(r.label)}
          </button>
        )
      })}
    </div>
  )
}
