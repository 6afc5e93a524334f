// /panel/admins_show: staff accounts (spec/api-calls.md §7.4): list, create, edit (name, e-mail, status
// 1–4, password), delete, the checkout flag, and signing in as another staff member. The server decides
// who may touch whom (status 4 never a status 1 account); the panel shows its refusals.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import type { TAdminNew } from '../../common/schemas/admin/admins.schema'
import { showError, showSuccess } from '../components/ui/StatusBanner'
import { reportFormError } from '../lib/form-errors'
import { useLazyZodResolver } from '../lib/lazy-resolver'
import { trpc } from '../lib/trpc'
import { Badge, Card, type Column, announceAndRefresh, ConfirmButton, FilterButtons, ListView, FlagFilter, Input, PageTitle, PanelButton, type PT, Select, dateTime, useLocale, usePT } from './kit'
import { SignInAs } from './TutorEditor'

type AdminRow = inferRouterOutputs<AppRouter>['admin']['staff']['list']['items'][number]
const STATUSES = [1, 2, 3, 4] as const

function statusOptions(pt: PT) {
  return STATUSES.map((s) => ({ value: String(s), text: pt(`a.status.${s}`) }))
}

interface FormValues {
  name: string
  email: string
  password: string
  status: string
  checkout: boolean
}

/** Create (no `row`) or edit one account. An empty password on edit keeps the current one. */
function AdminForm({ row, pt, onDone }: { row: AdminRow | null; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const resolver = useLazyZodResolver<FormValues>(() =>
    import('../../common/schemas/admin/admins.schema').then((m) => (row ? m.ZAdminChanges : m.ZAdminNew) as never),
  )
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { name: row?.name ?? '', email: row?.email ?? '', password: '', status: String(row?.status ?? 2), checkout: !!row?.checkout },
  })
  const after = async (text: string) => {
    showSuccess(text)
    await utils.admin.staff.list.invalidate()
    onDone()
  }
  const create = trpc.admin.staff.create.useMutation()
  const save = trpc.admin.staff.save.useMutation()
  const fields = ['name', 'email', 'password', 'status'] as const
  const submit = form.handleSubmit((v) => {
    const admin: TAdminNew = { name: v.name, email: v.email, password: v.password, status: Number(v.status), checkout: v.checkout ? 1 : 0 }
    const onError = (e: unknown) => reportFormError(e, form.setError, fields)
    if (row) save.mutate({ admin: { ...admin, admin_id: row.id } }, { onSuccess: () => after(pt('p.saved')), onError })
    else create.mutate({ admin }, { onSuccess: () => after(pt('a.created')), onError })
  })
  const e = form.formState.errors
  return (
    <Card title={row ? pt('a.edit_title', { id: row.id }) : pt('a.create')} className="mb-4" testId="admin-form">
      <form noValidate onSubmit={submit} className="grid gap-3 md:grid-cols-2 xl:grid-cols-5">
        <Input id="admin-name" label={pt('p.name')} error={e.name?.message} {...form.register('name')} />
        <Input id="admin-email" type="email" autoComplete="off" label={pt('p.email')} error={e.email?.message} {...form.register('email')} />
        <Input
          id="admin-password"
          type="text"
          autoComplete="off"
          label={pt('p.password')}
          hint={row ? pt('a.password_keep') : undefined}
          error={e.password?.message}
          {...form.register('password')}
        />
        <Select id="admin-status" label={pt('p.status')} options={statusOptions(pt)} {...form.register('status')} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm" title={pt('a.checkout_hint')}>
          <input type="checkbox" className="size-4 accent-slate-900" {...form.register('checkout')} />
          {pt('a.checkout')}
        </label>
        <div className="flex gap-2 md:col-span-2 xl:col-span-5">
          <PanelButton type="submit" tone="primary" disabled={create.isPending || save.isPending}>
            {pt('p.save')}
          </PanelButton>
          <PanelButton onClick={onDone}>{pt('p.cancel')}</PanelButton>
        </div>
      </form>
    </Card>
  )
}

export function AdminsPage({ me, title }: { me: { id: number; status: number }; title: string }) {
  const pt = usePT()
  const locale = useLocale()
  const utils = trpc.useUtils()
  const [page, setPage] = useState(1)
  const [text, setText] = useState('')
  const [status, setStatus] = useState('')
  const [checkout, setCheckout] = useState('')
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [editing, setEditing] = useState<AdminRow | 'new' | null>(null)
  const list = trpc.admin.staff.list.useQuery({ page, filters }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.staff.list.invalidate()
  const del = trpc.admin.staff.delete.useMutation(announceAndRefresh(pt('a.deleted'), refresh))
  const changeCheckout = trpc.admin.staff.changeCheckout.useMutation({
    onSuccess: async (r) => {
      showSuccess(pt(r.checkout ? 'a.checkout_on' : 'a.checkout_off'))
      await refresh()
    },
    onError: showError,
  })
  const impersonate = trpc.admin.staff.authorize.admin.useMutation({ onError: showError })

  const columns: Column<AdminRow>[] = [
    { key: 'id', header: pt('p.id'), cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>, className: 'w-16' },
    {
      key: 'name',
      header: pt('p.name'),
      cell: (r) => (
        <span className="font-medium">
          {r.name} {r.id === me.id && <Badge tone="grey">{pt('a.you')}</Badge>}
        </span>
      ),
    },
    { key: 'email', header: pt('p.email'), cell: (r) => r.email, className: 'break-all' },
    { key: 'status', header: pt('p.status'), cell: (r) => pt(`a.status.${r.status as 1 | 2 | 3 | 4}`), className: 'whitespace-nowrap' },
    {
      key: 'checkout',
      header: pt('a.checkout'),
      cell: (r) => (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            aria-label={`${pt('a.checkout')}: ${r.name}`}
            className="size-4 accent-slate-900"
            checked={!!r.checkout}
            disabled={changeCheckout.isPending}
            onChange={(e) => changeCheckout.mutate({ admin_id: r.id, value: e.target.checked })}
          />
        </label>
      ),
    },
    { key: 'created', header: pt('p.created'), cell: (r) => dateTime(r.created_at, locale), className: 'whitespace-nowrap' },
    {
      key: 'actions',
      header: pt('p.actions'),
      className: 'w-px',
      cell: (r) => (
        <span className="flex justify-end gap-1.5" data-testid={`admin-actions-${r.id}`}>
          <PanelButton onClick={() => setEditing(r)}>{pt('p.edit')}</PanelButton>
          {r.id !== me.id && (
            <>
              <ConfirmButton
                pt={pt}
                tone="secondary"
                label={pt('p.delete')}
                title={pt('a.delete_q', { name: r.name })}
                text={pt('a.delete_text')}
                onConfirm={() => del.mutateAsync({ admin_id: r.id })}
              />
              <SignInAs pt={pt} name={r.name} testId={`admin-sign-in-as-${r.id}`} target="/panel/" start={() => impersonate.mutateAsync({ id: r.id })} />
            </>
          )}
        </span>
      ),
    },
  ]

  return (
    <>
      <PageTitle
        aside={
          <PanelButton tone="primary" onClick={() => setEditing('new')} data-testid="admin-create">
            {pt('a.create')}
          </PanelButton>
        }
      >
        {title}
      </PageTitle>
      <form
        role="search"
        className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setFilters(Object.fromEntries(Object.entries({ text, status, checkout }).filter(([, v]) => v !== '')))
        }}
      >
        <Input id="af-text" label={pt('p.search')} value={text} onChange={(e) => setText(e.target.value)} className="col-span-2" />
        <Select id="af-status" label={pt('p.status')} value={status} onChange={(e) => setStatus(e.target.value)} options={[{ value: '', text: pt('p.any') }, ...statusOptions(pt)]} />
        <FlagFilter id="af-checkout" label={pt('a.checkout')} value={checkout} onChange={setCheckout} pt={pt} />
        <FilterButtons pt={pt} className="flex items-end" />
      </form>
      {editing && <AdminForm key={editing === 'new' ? 'new' : editing.id} row={editing === 'new' ? null : editing} pt={pt} onDone={() => setEditing(null)} />}
      <ListView list={list} title={title} columns={columns} rowKey={(r) => r.id} page={page} onPage={setPage} pt={pt} />
    </>
  )
}
