// /panel/merchants: the LiqPay merchants (docs/api.md#admin-merchants): list with filters,
// create, edit, delete. The private key is write-only: the list says whether one is stored; an empty
// key on edit keeps it. The edition's active merchant replaces the server's PAY_LIQPAY_* keys.
import { EDITIONS, EDITION_CODES, type EditionCode } from '../../common/editions'
import type { Merchant } from '../../common/schemas/admin/merchants.schema'
import { EditorActions } from './EditorActions'
import { PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { Select } from '../ui/Field'
import { Form, FormCheckbox, FormSelect, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

const NO_FILTERS = { text_search: '', edition: '', active: '' }

const editionOptions = () =>
  EDITION_CODES.map((code) => ({ value: code, text: `${code.toUpperCase()} — ${EDITIONS[code].siteName}` }))

function MerchantForm({ row, pt, onDone }: { row: Merchant | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.merchants
  const merchant = {
    name: row?.name ?? '',
    public_key: row?.public_key ?? '',
    private_key: '',
    edition: row?.edition ?? edition.code,
    active: row?.active ?? false,
  }
  const { form, submit, pending } = useActionForm(
    () =>
      import('../../common/schemas/admin/merchants.schema').then((m) => (row ? m.ZMerchantSave : m.ZMerchantCreate)),
    {
      defaults: row ? { merchant_id: row.merchant_id, merchant } : { merchant },
      action: (v) =>
        row
          ? c.save.mutate({ merchant_id: row.merchant_id, merchant: v.merchant })
          : // A new merchant's form is the create schema's (the loader picks it by `row`).
            c.create.mutate({ merchant: v.merchant as Parameters<typeof c.create.mutate>[0]['merchant'] }),
      success: row ? pt('p.saved') : pt('m.created'),
      onDone: async () => {
        await utils.admin.merchants.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
      <FormTextField size="sm" name="merchant.name" id="merchant-name" label={pt('m.name')} />
      <FormTextField
        size="sm"
        name="merchant.public_key"
        id="merchant-public-key"
        autoComplete="off"
        label={pt('m.public_key')}
      />
      <FormTextField
        size="sm"
        name="merchant.private_key"
        id="merchant-private-key"
        type="password"
        autoComplete="new-password"
        label={pt('m.private_key')}
        hint={
          row
            ? `${row.private_key_set ? pt('m.private_key_set') : pt('m.private_key_missing')}. ${pt('m.private_key_keep')}`
            : undefined
        }
      />
      <FormSelect
        size="sm"
        name="merchant.edition"
        id="merchant-edition"
        label={pt('m.edition')}
        options={editionOptions()}
      />
      <div className="md:col-span-2 xl:col-span-4">
        <FormCheckbox name="merchant.active" label={pt('m.active')} />
        <p className="mt-1 text-xs text-slate-500">{pt('m.active_hint')}</p>
      </div>
      <EditorActions
        pt={pt}
        pending={pending}
        onCancel={onDone}
        className="md:col-span-2 xl:col-span-4"
        saveTestId="merchant-save"
      />
    </Form>
  )
}

export function MerchantsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const filters = {
    ...(f.filters.text_search ? { text_search: f.filters.text_search } : {}),
    ...(f.filters.edition ? { edition: f.filters.edition as EditionCode } : {}),
    ...(f.filters.active ? { active: f.filters.active === '1' } : {}),
  }
  const [editing, setEditing] = useEditing<Merchant>()
  const list = trpc.admin.merchants.list.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const del = trpc.admin.merchants.delete.useMutation(
    announceAndRefresh(pt('m.deleted'), () => utils.admin.merchants.list.invalidate()),
  )

  const columns: Column<Merchant>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.merchant_id}</span>,
      className: 'w-16',
    },
    { key: 'name', header: pt('m.name'), cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      key: 'public_key',
      header: pt('m.public_key'),
      cell: (r) => <code className="break-all text-xs">{r.public_key}</code>,
    },
    {
      key: 'private_key',
      header: pt('m.private_key'),
      cell: (r) =>
        r.private_key_set ? (
          <Badge tone="green">{pt('m.private_key_set')}</Badge>
        ) : (
          <Badge tone="red">{pt('m.private_key_missing')}</Badge>
        ),
    },
    { key: 'edition', header: pt('m.edition'), cell: (r) => r.edition.toUpperCase() },
    {
      key: 'active',
      header: pt('m.active'),
      cell: (r) =>
        r.active ? (
          <Badge tone="green" pill>
            {pt('p.yes')}
          </Badge>
        ) : (
          <Badge tone="grey" pill>
            {pt('p.no')}
          </Badge>
        ),
    },
    {
      key: 'updated',
      header: pt('p.created'),
      cell: (r) => shortDate(r.created_at),
      className: 'whitespace-nowrap',
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`merchant-actions-${r.merchant_id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('m.delete_q', { name: r.name }),
          description: pt('m.delete_text'),
          onConfirm: () => del.mutateAsync({ merchant_id: r.merchant_id }),
        }}
      />
    )),
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      create={{ label: pt('m.create'), onClick: () => setEditing('new'), testId: 'merchant-create' }}
      filters={{
        cols: 'md:grid-cols-5',
        onApply: () => f.apply(),
        fields: (
          <>
            <SearchFilter
              id="mf-text"
              label={pt('p.search')}
              value={f.draft.text_search}
              onChange={f.set('text_search')}
            />
            <Select
              size="sm"
              id="mf-edition"
              label={pt('m.edition')}
              value={f.draft.edition}
              onChange={(e) => f.set('edition')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, ...editionOptions()]}
            />
            <FlagFilter
              id="mf-active"
              label={pt('m.active')}
              value={f.draft.active}
              onChange={f.set('active')}
              t={pt}
            />
          </>
        ),
      }}
      editor={
        editing && {
          title: editing === 'new' ? pt('m.create') : pt('m.edit_title', { id: editing.merchant_id }),
          testId: 'merchant-form',
          onClose: () => setEditing(null),
          content: (
            <MerchantForm
              key={editing === 'new' ? 'new' : editing.merchant_id}
              row={editing === 'new' ? null : editing}
              pt={pt}
              onDone={() => setEditing(null)}
            />
          ),
        }
      }
      list={list}
      columns={columns}
      rowKey={(r) => r.merchant_id}
      page={f.page}
      onPage={f.setPage}
    />
  )
}
