// /panel/clients_show: the clients list (POST /admin/clients), password set, the blacklist, signing in
// as a client, and merging two profiles: preview (GET merge_profiles) then confirm (docs/api.md#admin-clients).
import { useState } from 'react'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import type { AreaKey } from '../../i18n/areas'
import type { ClientSort } from '../../common/schemas/admin/clients.schema'
import { type ListSorting, PanelList, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { showError, showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { ConfirmDialog } from '../ui/Dialog'
import { Form, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Card } from '../ui/Card'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { SignInAs, canImpersonate } from './TutorEditor'

type Out = inferRouterOutputs<AppRouter>['admin']['clients']
type ClientRow = Out['list']['items'][number]
type Preview = Out['mergePreview']

// The forms' schemas, loaded when a form opens (zod stays out of the panel's first load).
const schemas = () => import('../../common/schemas/admin/clients.schema')

/** The list's filters, kept in the address like the order and the page (`?text=` from the incoming calls' links). */
type Filters = {
  text: string
  blacklisted: string
  deleted: string
}
const NO_FILTERS: Filters = { text: '', blacklisted: '', deleted: '' }
/** The sortable columns (the server's CLIENT_SORTS) and the list's own order: newest id first. */
const SORTING: ListSorting<ClientSort> = { keys: ['id', 'name', 'email', 'created'], sort: 'id', dir: 'desc' }

export function ClientsPage({ staffStatus, title }: { staffStatus: number; title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  // ?text= in the address (the incoming calls' links) opens the list already searched.
  const { draft, set, filters, page, setPage, apply, reset, sort, sortInput } = useUrlFilters(NO_FILTERS, SORTING)
  const [passwordFor, setPasswordFor] = useState<number | null>(null)
  const input = { ...filters, ...(filters.text ? { text: filters.text.slice(0, 200) } : {}) }
  const list = trpc.admin.clients.list.useQuery(
    { page, filters: input, ...sortInput },
    { placeholderData: (prev) => prev },
  )
  const refresh = () => utils.admin.clients.list.invalidate()
  const add = trpc.admin.clients.blacklistAdd.useMutation(announceAndRefresh(pt('c.blacklist_added'), refresh))
  const remove = trpc.admin.clients.blacklistRemove.useMutation(announceAndRefresh(pt('c.blacklist_removed'), refresh))
  const impersonate = trpc.admin.staff.authorize.client.useMutation({ onError: showError })

  const columns: Column<ClientRow>[] = [
    {
      key: 'id',
      sort: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'name',
      sort: 'name',
      header: pt('p.name'),
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium">{r.name || '—'}</span>
          {!!r.blacklisted && <Badge tone="red">{pt('c.blacklisted')}</Badge>}
          {r.tutor_id && <Badge tone="blue">{pt('c.tutor')}</Badge>}
          {r.deleted_at && <Badge tone="grey">{pt('t.flag.deleted')}</Badge>}
        </span>
      ),
    },
    // Long addresses break anywhere and the actions wrap: the table fits 1280 px beside the menu.
    {
      key: 'email',
      sort: 'email',
      header: pt('p.email'),
      cell: (r) => r.email ?? '—',
      className: 'break-all min-w-40',
    },
    { key: 'phone', header: pt('p.phone'), cell: (r) => r.phone ?? '—', className: 'tabular-nums' },
    {
      key: 'created',
      sort: 'created',
      header: pt('p.created'),
      cell: (r) => shortDate(r.created_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: pt('p.actions'),
      className: 'w-60',
      cell: (r) =>
        r.deleted_at ? null : (
          <span className="flex flex-wrap justify-end gap-1.5" data-testid={`client-actions-${r.id}`}>
            <Button size="sm" variant="secondary" onClick={() => setPasswordFor(r.id)}>
              {pt('p.set_password')}
            </Button>
            {r.blacklisted ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ client_id: r.id })}
              >
                {pt('c.blacklist_remove')}
              </Button>
            ) : (
              <ConfirmDialog
                size="sm"
                trigger={
                  <Button size="sm" variant="secondary">
                    {pt('c.blacklist_add')}
                  </Button>
                }
                title={pt('c.blacklist_add_q', { id: r.id })}
                description={pt('c.blacklist_add_text')}
                confirm={pt('c.blacklist_add')}
                cancel={pt('p.cancel')}
                onConfirm={() => add.mutateAsync({ client_id: r.id })}
              />
            )}
            {canImpersonate(staffStatus) && !r.blacklisted && (
              <SignInAs
                pt={pt}
                name={r.name}
                testId={`client-sign-in-as-${r.id}`}
                target="/client_profile"
                start={() => impersonate.mutateAsync({ id: r.id })}
              />
            )}
          </span>
        ),
    },
  ]

  return (
    <>
      <PanelList
        pt={pt}
        title={title}
        filters={{
          cols: 'md:grid-cols-5',
          onApply: () => apply(),
          onReset: reset,
          fields: (
            <>
              <SearchFilter
                id="cf-text"
                label={pt('p.search')}
                placeholder={pt('p.search_hint')}
                value={draft.text}
                onChange={set('text')}
              />
              <FlagFilter
                id="cf-blacklisted"
                label={pt('c.blacklisted')}
                value={draft.blacklisted}
                onChange={set('blacklisted')}
                t={pt}
              />
              <FlagFilter
                id="cf-deleted"
                label={pt('p.deleted')}
                value={draft.deleted}
                onChange={set('deleted')}
                t={pt}
              />
            </>
          ),
        }}
        editor={
          passwordFor !== null
            ? {
                title: pt('c.password_for', { id: passwordFor }),
                content: <PasswordForm id={passwordFor} pt={pt} onClose={() => setPasswordFor(null)} />,
                onClose: () => setPasswordFor(null),
              }
            : null
        }
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        sort={sort}
      />
      <MergeCard pt={pt} onMerged={refresh} />
    </>
  )
}

function PasswordForm({ id, pt, onClose }: { id: number; pt: PT; onClose: () => void }) {
  const passwordSet = trpc.admin.clients.passwordSet.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZClientPassword), {
    defaults: { client_id: id, password: '' },
    action: (v) => passwordSet.mutateAsync(v),
    success: pt('p.password_set'),
    onDone: onClose,
  })
  return (
    <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <FormTextField
        size="sm"
        name="password"
        id="client-password"
        autoComplete="off"
        label={pt('p.new_password')}
        className="min-w-64 flex-1"
      />
      <Button size="sm" type="submit" variant="primary" className="mt-5" disabled={pending}>
        {pt('p.save')}
      </Button>
      <Button size="sm" variant="secondary" className="mt-5" onClick={onClose}>
        {pt('p.cancel')}
      </Button>
    </Form>
  )
}

function MergeSide({ title, c, pt }: { title: string; c: Preview['client']; pt: PT }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="mb-1 text-xs font-semibold text-slate-500 uppercase">{title}</p>
      <p className="font-semibold">
        №{c.id} {c.name}
      </p>
      <p className="text-slate-600">{c.email ?? '—'}</p>
      <p className="text-slate-600">{c.phone ?? '—'}</p>
      {!!c.blacklisted && <Badge tone="red">{pt('c.blacklisted')}</Badge>}
    </div>
  )
}

function MergeCard({ pt, onMerged }: { pt: PT; onMerged: () => Promise<void> }) {
  const utils = trpc.useUtils()
  // The preview is the answer of the form below (not a field of it); confirming merges what it shows.
  const [preview, setPreview] = useState<Preview | null>(null)
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZClientMerge), {
    defaults: { client_id: '', client_id2: '' },
    action: (v) => {
      setPreview(null)
      return utils.admin.clients.mergePreview.fetch({
        client_id: Number(v.client_id),
        client_id2: Number(v.client_id2),
      })
    },
    onDone: setPreview,
  })
  const merge = trpc.admin.clients.merge.useMutation({
    onSuccess: async () => {
      showSuccess(pt('c.merged'))
      setPreview(null)
      form.reset()
      await onMerged()
    },
    onError: showError,
  })
  return (
    <Card title={pt('c.merge')} className="mt-6" testId="client-merge">
      <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <FormTextField
          size="sm"
          name="client_id"
          id="merge-keep"
          inputMode="numeric"
          label={pt('c.merge_keep')}
          className="w-48"
        />
        <FormTextField
          size="sm"
          name="client_id2"
          id="merge-from"
          inputMode="numeric"
          label={pt('c.merge_into')}
          className="w-48"
        />
        <Button size="sm" variant="secondary" type="submit" className="mt-5" disabled={pending}>
          {pt('c.merge_preview')}
        </Button>
      </Form>
      {preview && (
        <div data-testid="merge-preview" className="mt-4 flex flex-col gap-3">
          <div className="grid gap-3 md:grid-cols-2">
            <MergeSide title={pt('c.kept')} c={preview.client} pt={pt} />
            <MergeSide title={pt('c.removed')} c={preview.client2} pt={pt} />
          </div>
          <div className="text-sm">
            <p className="font-medium">{pt('c.merge_moves')}</p>
            {preview.moves.filter((m) => m.rows > 0).length === 0 ? (
              <p className="text-slate-600">{pt('c.merge_nothing')}</p>
            ) : (
              <ul className="list-inside list-disc text-slate-700">
                {preview.moves
                  .filter((m) => m.rows > 0)
                  .map((m) => (
                    <li key={`${m.table}.${m.column}`}>
                      {moveLabel(m, pt)}: {m.rows}
                    </li>
                  ))}
              </ul>
            )}
            {preview.contacts_moved.length > 0 && (
              <p className="mt-1">
                {pt('c.merge_contacts')}: {preview.contacts_moved.join(', ')}
              </p>
            )}
            {!!preview.blacklisted_after && <p className="mt-1 text-red-700">{pt('c.merge_blacklisted')}</p>}
          </div>
          {preview.allowed ? (
            <div>
              <ConfirmDialog
                size="sm"
                trigger={
                  <Button size="sm" variant="danger" data-testid="merge-confirm">
                    {pt('c.merge_confirm')}
                  </Button>
                }
                title={pt('c.merge_q', { from: preview.client2.id, to: preview.client.id })}
                description={pt('c.merge_text', { from: preview.client2.id, to: preview.client.id })}
                confirm={pt('c.merge_confirm')}
                cancel={pt('p.cancel')}
                onConfirm={() => merge.mutateAsync({ client_id: preview.client.id, client_id2: preview.client2.id })}
              />
            </div>
          ) : (
            <p className="text-red-700">{pt('c.merge_not_allowed')}</p>
          )}
        </div>
      )}
    </Card>
  )
}

/** What a merge moves, by the referencing column (the server finds them from the foreign keys). */
function moveLabel(m: { table: string; column: string }, pt: PT): string {
  const key = `c.move.${m.table}.${m.column}`
  const label = pt(key as AreaKey<'panel'>)
  return label === key ? pt('c.move.other') : label
}
