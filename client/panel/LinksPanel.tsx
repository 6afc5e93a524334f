// Redirect codes on the SEO screen /panel/core_files: short links /link/redirect?code=…
// staff make, with their click counts, and the foreign sites they may lead to (the allow list). The server
// refuses any other destination (server/domain/site/links.ts).
import { useState } from 'react'
import type { z } from 'zod'
import type { ZLinkRow } from '../../common/schemas/public/tracking.schema'
import { EditorActions } from './EditorActions'
import { PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh } from './text'
import { Badge } from '../ui/Badge'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { Form, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

type LinkRow = z.infer<typeof ZLinkRow>

function LinkForm({ row, pt, onDone }: { row: LinkRow | null; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.links
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/public/tracking.schema').then((m) => m.ZLinkFields),
    {
      defaults: { code: row?.code ?? '', destination: row?.destination ?? '/' },
      action: (v) =>
        row
          ? c.save.mutate({ link: { id: row.id, destination: v.destination } })
          : c.create.mutate({ link: { code: v.code || undefined, destination: v.destination } }),
      success: row ? pt('links.saved') : pt('links.created'),
      onDone: async () => {
        await utils.admin.links.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3">
      <FormTextField
        size="sm"
        name="code"
        id="link-code"
        label={pt('links.code')}
        hint={pt('links.code_hint')}
        disabled={!!row}
        autoComplete="off"
      />
      <FormTextField
        size="sm"
        name="destination"
        id="link-destination"
        label={pt('links.destination')}
        hint={pt('links.destination_hint')}
        autoComplete="off"
      />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="link-save" />
    </Form>
  )
}

function HostsCard({ pt, hosts }: { pt: PT; hosts: { id: number; host: string }[] }) {
  const utils = trpc.useUtils()
  const remove = trpc.admin.links.removeHost.useMutation(
    announceAndRefresh(pt('links.host_removed'), () => utils.admin.links.list.invalidate()),
  )
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/public/tracking.schema').then((m) => m.ZLinkHostCreate),
    {
      defaults: { host: '' },
      action: (v) => utils.client.admin.links.addHost.mutate(v),
      success: pt('links.host_added'),
      onDone: async () => {
        form.reset({ host: '' })
        await utils.admin.links.list.invalidate()
      },
    },
  )
  return (
    <Card className="mt-4" data-testid="link-hosts">
      <h3 className="text-base font-semibold text-slate-900">{pt('links.hosts')}</h3>
      <p className="mb-3 text-sm text-slate-600">{pt('links.hosts_hint')}</p>
      {hosts.length ? (
        <ul className="mb-3 flex flex-wrap gap-2">
          {hosts.map((h) => (
            <li key={h.id} className="flex items-center gap-1.5 rounded-lg bg-slate-100 py-1 pr-1 pl-3 text-sm">
              <code>{h.host}</code>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${pt('p.delete')} ${h.host}`}
                onClick={() => remove.mutate({ id: h.id })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-slate-500">{pt('links.hosts_empty')}</p>
      )}
      <Form form={form} onSubmit={submit} className="flex items-end gap-2">
        <FormTextField
          size="sm"
          name="host"
          id="link-host"
          label={pt('links.host')}
          placeholder="partner.example"
          className="flex-1"
          autoComplete="off"
        />
        <Submit pending={pending} size="sm">
          {pt('links.host_add')}
        </Submit>
      </Form>
    </Card>
  )
}

export function LinksList({ pt }: { pt: PT }) {
  const utils = trpc.useUtils()
  const f = useUrlFilters({})
  const [editing, setEditing] = useEditing<LinkRow>()
  const [busy, setBusy] = useState<number | null>(null)
  const list = trpc.admin.links.list.useQuery({ page: f.page }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.links.list.invalidate()
  const del = trpc.admin.links.delete.useMutation(announceAndRefresh(pt('links.deleted'), refresh))
  const save = trpc.admin.links.save.useMutation({
    ...announceAndRefresh(pt('links.saved'), refresh),
    onSettled: () => setBusy(null),
  })
  const columns: Column<LinkRow>[] = [
    {
      key: 'code',
      header: pt('links.code'),
      cell: (r) => (
        <a href={r.url} className="font-mono text-xs text-sky-800 hover:underline" target="_blank" rel="noreferrer">
          {r.code}
        </a>
      ),
    },
    {
      key: 'destination',
      header: pt('links.destination'),
      cell: (r) => <code className="text-xs break-all">{r.destination}</code>,
    },
    {
      key: 'clicks',
      header: pt('links.clicks'),
      cell: (r) => <span className="tabular-nums">{r.clicks}</span>,
      className: 'w-24 text-right',
    },
    {
      key: 'active',
      header: pt('links.state'),
      cell: (r) =>
        r.active ? <Badge tone="green">{pt('links.active')}</Badge> : <Badge tone="grey">{pt('links.inactive')}</Badge>,
      className: 'w-28',
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`link-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('links.delete_q', { code: r.code }),
          description: pt('links.delete_text'),
          onConfirm: () => del.mutateAsync({ id: r.id }),
        }}
      >
        <Button
          size="sm"
          variant="secondary"
          disabled={busy === r.id}
          onClick={() => {
            setBusy(r.id)
            save.mutate({ link: { id: r.id, active: !r.active } })
          }}
        >
          {r.active ? pt('links.disable') : pt('links.enable')}
        </Button>
      </RowActions>
    )),
  ]
  return (
    <section className="mt-8" data-testid="links">
      <p className="mb-2 text-sm text-slate-600">{pt('links.lead')}</p>
      <PanelList
        pt={pt}
        section
        title={pt('links.title')}
        create={{ label: pt('links.create'), onClick: () => setEditing('new'), testId: 'link-create' }}
        editor={
          editing && {
            dialog: true,
            title: editing === 'new' ? pt('links.create') : pt('links.edit', { code: editing.code }),
            testId: 'link-form',
            onClose: () => setEditing(null),
            content: (
              <LinkForm
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
        page={f.page}
        onPage={f.setPage}
        empty={pt('links.empty')}
      />
      <HostsCard pt={pt} hosts={list.data?.hosts ?? []} />
    </section>
  )
}
