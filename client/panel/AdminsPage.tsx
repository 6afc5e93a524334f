// /panel/admins_show: staff accounts (docs/api.md#admin-staff-accounts-and-session): list, create, edit (name, e-mail,
// status 1–4, password), delete, the checkout flag, and signing in as another staff member. The server decides
// who may touch whom (status 4 never a status 1 account); the panel shows its refusals.
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import { namedAsForm, nestedIn } from '../lib/nested-form-errors'
import { EditorActions } from './EditorActions'
import { PanelList, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { showError, showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { ConfirmDialog } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { Form, FormCheckbox, FormSelect, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { SignInAs } from './TutorEditor'

type AdminRow = inferRouterOutputs<AppRouter>['admin']['staff']['list']['items'][number]
const STATUSES = [1, 2, 3, 4] as const
/** The list's filters as the address holds them ('' for any). */
const NO_FILTERS = { text: '', status: '', checkout: '' }

function statusOptions(pt: PT) {
  return STATUSES.map((s) => ({ value: String(s), text: pt(`a.status.${s}`) }))
}

/** Create (no `row`) or edit one account. An empty password on edit keeps the current one. */
function AdminForm({ row, pt, onDone }: { row: AdminRow | null; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.staff
  const admin = {
    name: row?.name ?? '',
    email: row?.email ?? '',
    password: '',
    status: String(row?.status ?? 2),
    checkout: !!row?.checkout,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/admins.schema').then((m) => (row ? m.ZAdminSave : m.ZAdminCreate)),
    {
      defaults: row ? { admin_id: row.id, admin } : { admin },
      // The service names a taken e-mail plainly (`email`), the schema by path (`admin.email`).
      action: (v) => namedAsForm(row ? c.save.mutate(v) : c.create.mutate(v), nestedIn('admin')),
      success: row ? pt('p.saved') : pt('a.created'),
      onDone: async () => {
        await utils.admin.staff.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 md:grid-cols-2 xl:grid-cols-5">
      <FormTextField size="sm" name="admin.name" id="admin-name" label={pt('p.name')} />
      <FormTextField
        size="sm"
        name="admin.email"
        id="admin-email"
        type="email"
        autoComplete="off"
        label={pt('p.email')}
      />
      <FormTextField
        size="sm"
        name="admin.password"
        id="admin-password"
        type="text"
        autoComplete="off"
        label={pt('p.password')}
        hint={row ? pt('a.password_keep') : undefined}
      />
      <FormSelect size="sm" name="admin.status" id="admin-status" label={pt('p.status')} options={statusOptions(pt)} />
      <FormCheckbox
        name="admin.checkout"
        label={pt('a.checkout')}
        title={pt('a.checkout_hint')}
        className="self-end pb-2"
      />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} className="md:col-span-2 xl:col-span-5" />
    </Form>
  )
}

export function AdminsPage({ me, title }: { me: { id: number; status: number }; title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const { draft, set, filters, page, setPage, apply } = useUrlFilters(NO_FILTERS)
  const [editing, setEditing] = useEditing<AdminRow>()
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
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'name',
      header: pt('p.name'),
      cell: (r) => (
        <span className="font-medium">
          {r.name} {r.id === me.id && <Badge tone="grey">{pt('a.you')}</Badge>}
        </span>
      ),
    },
    { key: 'email', header: pt('p.email'), cell: (r) => r.email, className: 'break-all min-w-40' },
    {
      key: 'status',
      header: pt('p.status'),
      cell: (r) => pt(`a.status.${r.status as 1 | 2 | 3 | 4}`),
      className: 'whitespace-nowrap',
    },
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
    {
      key: 'created',
      header: pt('p.created'),
      cell: (r) => shortDate(r.created_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: pt('p.actions'),
      className: 'w-px',
      cell: (r) => (
        <span className="flex justify-end gap-1.5" data-testid={`admin-actions-${r.id}`}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
            {pt('p.edit')}
          </Button>
          {r.id !== me.id && (
            <>
              <ConfirmDialog
                size="sm"
                trigger={
                  <Button size="sm" variant="secondary">
                    {pt('p.delete')}
                  </Button>
                }
                title={pt('a.delete_q', { name: r.name })}
                description={pt('a.delete_text')}
                confirm={pt('p.delete')}
                cancel={pt('p.cancel')}
                onConfirm={() => del.mutateAsync({ admin_id: r.id })}
              />
              <SignInAs
                pt={pt}
                name={r.name}
                testId={`admin-sign-in-as-${r.id}`}
                target="/panel/"
                start={() => impersonate.mutateAsync({ id: r.id })}
              />
            </>
          )}
        </span>
      ),
    },
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      create={{ label: pt('a.create'), onClick: () => setEditing('new'), testId: 'admin-create' }}
      filters={{
        cols: 'md:grid-cols-5',
        onApply: () => apply(),
        fields: (
          <>
            <SearchFilter id="af-text" label={pt('p.search')} value={draft.text} onChange={set('text')} />
            <Select
              size="sm"
              id="af-status"
              label={pt('p.status')}
              value={draft.status}
              onChange={(e) => set('status')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, ...statusOptions(pt)]}
            />
            <FlagFilter
              id="af-checkout"
              label={pt('a.checkout')}
              value={draft.checkout}
              onChange={set('checkout')}
              t={pt}
            />
          </>
        ),
      }}
      editor={
        editing && {
          title: editing === 'new' ? pt('a.create') : pt('a.edit_title', { id: editing.id }),
          testId: 'admin-form',
          onClose: () => setEditing(null),
          content: (
            <AdminForm
              key={editing === 'new' ? 'new' : editing.id}
              row={editing === 'new' ? null : editing}
              pt={pt}
              onDone={() => setEditing(null)}
            />
          ),
        }
      }
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={page}
      onPage={setPage}
    />
  )
}
