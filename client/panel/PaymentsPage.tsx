// /panel/payments: every provider payment of an edition, for staff with the payments area (statuses 1
// and 2; docs/payments.md#the-panel-payments-screen). Filters by edition, provider, status and dates
// (and purpose, tutor) live in the address; the totals per currency, the takings per day and provider (a chart and a
// table) and the XLSX/CSV export follow the same filters, so a provider's report can be reconciled
// against them. A paid payment of this site's edition is refunded, whole or in part, from its row.
import { useState } from 'react'
import { EDITIONS, EDITION_CODES, type EditionCode } from '../../common/editions'
import { minorToUnits, moneyText, unitsToMinor } from '../../common/money'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, type PaymentStatus } from '../../common/payments'
import type { PaymentItem, TPaymentFilters } from '../../common/schemas/admin/payments.schema'
import { PanelList, actionsColumn, useUrlFilters } from './PanelList'
import { TakingsChart } from './TakingsChart'
import { type PT, usePT, usePanelShortDate } from './text'
import { errorParts, fieldErrorsOf } from '../lib/api-errors'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { Badge, type BadgeTone } from '../ui/Badge'
import { Button } from '../ui/Button'
import { ActionDialog, DialogClose } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { TextField } from '../ui/TextField'
import { Form, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'

const NO_FILTERS = { edition: '', provider: '', status: '', purpose: '', tutor_id: '', from: '', to: '' }
const STATUS_TONE: Record<string, BadgeTone> = { pending: 'amber', paid: 'green', failed: 'red', refunded: 'slate' }

const refundable = (r: PaymentItem) => r.amount_minor - r.refunded_minor - r.pending_refund_minor

type RefundOutcome = { ok: { status: 'confirmed' | 'pending'; amount_minor: number; refunded_minor: number } }
type RefundFailure = { failed: unknown }

/** The refund of one payment: amount (at most what it can still give back) and reason; then the provider's word. */
function RefundDialog({ row, pt, onClose }: { row: PaymentItem; pt: PT; onClose: () => void }) {
  const { tr } = useSite()
  const utils = trpc.useUtils()
  const left = refundable(row)
  const [answer, setAnswer] = useState<RefundOutcome | RefundFailure | null>(null)
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/payments.schema').then((m) => m.refundFormSchema(left)),
    {
      defaults: { amount: minorToUnits(left), reason: '' },
      action: async (v) => {
        try {
          const ok = await utils.client.admin.payments.refund.mutate({
            payment_id: row.id,
            amount_minor: unitsToMinor(v.amount) ?? 0,
            reason: v.reason,
          })
          return { ok }
        } catch (error) {
          // A field error lands on its field; the provider's refusal (or any other) is told in the dialog.
          if (fieldErrorsOf(error)) throw error
          return { failed: error }
        }
      },
      onDone: async (result) => {
        setAnswer(result)
        await Promise.all([utils.admin.payments.list.invalidate(), utils.admin.payments.summary.invalidate()])
      },
    },
  )
  const money = (minor: number) => moneyText(minor, row.currency)
  return (
    <ActionDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={pt('pay.refund_title', { id: row.id })}
      description={pt('pay.refund_text', {
        amount: money(row.amount_minor),
        refunded: money(row.refunded_minor),
        left: money(left),
      })}
    >
      <div data-testid="refund-dialog">
        {answer && 'ok' in answer ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
            data-testid="refund-answer"
          >
            {answer.ok.status === 'confirmed'
              ? pt('pay.refund_confirmed', {
                  amount: money(answer.ok.amount_minor),
                  refunded: money(answer.ok.refunded_minor),
                })
              : pt('pay.refund_pending', { amount: money(answer.ok.amount_minor) })}
          </p>
        ) : (
          <Form form={form} onSubmit={submit}>
            <FormTextField
              size="sm"
              name="amount"
              id="refund-amount"
              inputMode="decimal"
              autoComplete="off"
              label={pt('pay.refund_amount', { currency: row.currency })}
              hint={pt('pay.refund_max', { left: money(left) })}
            />
            <FormTextField size="sm" name="reason" id="refund-reason" autoComplete="off" label={pt('pay.reason')} />
            {answer && 'failed' in answer && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="refund-error">
                {pt('pay.refund_failed')} {errorParts(answer.failed).map(tr).join(': ')}
              </p>
            )}
            <div className="mt-2 flex justify-end gap-2">
              <DialogClose asChild>
                <Button size="sm" variant="secondary">
                  {pt('p.cancel')}
                </Button>
              </DialogClose>
              <Submit size="sm" variant="danger" pending={pending} data-testid="refund-submit">
                {pt('pay.refund')}
              </Submit>
            </div>
          </Form>
        )}
        {answer && 'ok' in answer && (
          <div className="mt-4 flex justify-end">
            <DialogClose asChild>
              <Button size="sm" variant="secondary">
                {pt('pay.close')}
              </Button>
            </DialogClose>
          </div>
        )}
      </div>
    </ActionDialog>
  )
}

/** The totals of the filtered payments per currency, the takings chart and its table, and the export. */
function Summary({ pt, query }: { pt: PT; query: Omit<TPaymentFilters, 'page'> }) {
  const summary = trpc.admin.payments.summary.useQuery(query, { placeholderData: (prev) => prev })
  const exportHref = (format: 'xlsx' | 'csv') =>
    `/admin/payments/export?${new URLSearchParams({ ...(query as Record<string, string>), format })}`
  const data = summary.data
  const currencies = [...new Set(data?.days.map((d) => d.currency) ?? [])]
  const link =
    'inline-flex items-center whitespace-nowrap rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50'
  return (
    <section
      aria-labelledby="pay-summary-title"
      className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="pay-summary-title" className="text-lg font-semibold text-slate-900">
          {pt('pay.summary')}
        </h2>
        <div className="ml-auto flex flex-wrap gap-2">
          <a className={link} href={exportHref('xlsx')} download data-testid="payments-export-xlsx">
            {pt('pay.export', { format: 'XLSX' })}
          </a>
          <a className={link} href={exportHref('csv')} download data-testid="payments-export-csv">
            {pt('pay.export', { format: 'CSV' })}
          </a>
        </div>
      </div>
      {!data ? (
        <p className="text-sm text-slate-600">{pt('panel.loading')}</p>
      ) : data.totals.length === 0 ? (
        <p className="text-sm text-slate-600">{pt('pay.no_takings')}</p>
      ) : (
        <>
          <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="payments-totals">
            {data.totals.flatMap((t) =>
              (
                [
                  ['pay.total_paid', moneyText(t.paid_minor, t.currency)],
                  ['pay.total_refunded', moneyText(t.refunded_minor, t.currency)],
                  ['pay.total_net', moneyText(t.net_minor, t.currency)],
                  ['pay.total_count', String(t.count)],
                ] as const
              ).map(([key, value]) => (
                <div
                  key={`${t.currency}-${key}`}
                  className="rounded-lg bg-slate-50 p-3"
                  data-testid={`${key.replace('pay.total_', 'total-')}-${t.currency}`}
                >
                  <dt className="text-xs text-slate-600">{pt(key, { currency: t.currency })}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
                </div>
              )),
            )}
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            {currencies.map((c) => (
              <TakingsChart key={c} pt={pt} days={data.days} currency={c} />
            ))}
            <details className="text-sm" data-testid="payments-days">
              <summary className="cursor-pointer font-medium text-slate-800">{pt('pay.days_table')}</summary>
              <table className="mt-2 w-full text-left text-sm" aria-label={pt('pay.days_table')}>
                <thead className="text-xs text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="py-1 pr-2">
                      {pt('pay.day')}
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      {pt('pay.provider')}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {pt('pay.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={`${d.day}-${d.provider}-${d.currency}`} className="border-t border-slate-100">
                      <td className="py-1 pr-2 tabular-nums">{d.day}</td>
                      <td className="py-1 pr-2">{d.provider}</td>
                      <td className="py-1 text-right tabular-nums">{moneyText(d.paid_minor, d.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </div>
        </>
      )}
    </section>
  )
}

const PAYMENT_PURPOSES = ['wallet', 'order', 'top'] as const

export function PaymentsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const { edition } = useSite()
  const f = useUrlFilters(NO_FILTERS)
  const [refunding, setRefunding] = useState<PaymentItem | null>(null)
  const query: Omit<TPaymentFilters, 'page'> = {
    ...(f.filters.edition ? { edition: f.filters.edition as EditionCode } : {}),
    ...(f.filters.provider ? { provider: f.filters.provider } : {}),
    ...(f.filters.status ? { status: f.filters.status as TPaymentFilters['status'] } : {}),
    ...(f.filters.purpose ? { purpose: f.filters.purpose as TPaymentFilters['purpose'] } : {}),
    ...(/^\d{1,9}$/.test(f.filters.tutor_id ?? '') ? { tutor_id: Number(f.filters.tutor_id) } : {}),
    ...(f.filters.from ? { from: f.filters.from } : {}),
    ...(f.filters.to ? { to: f.filters.to } : {}),
  }
  const list = trpc.admin.payments.list.useQuery({ page: f.page, ...query }, { placeholderData: (prev) => prev })
  const money = (minor: number, r: PaymentItem) => moneyText(minor, r.currency)

  // The money first: at 375 px the amount, what was given back and the status are in view, the rest scrolls.
  const columns: Column<PaymentItem>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-12',
    },
    {
      key: 'amount',
      header: pt('pay.amount'),
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (r) => (
        <span className="flex flex-col items-end">
          <span className="font-medium">{money(r.amount_minor, r)}</span>
          <span className="text-xs text-slate-500">{pt(`pay.purpose.${r.purpose as 'wallet' | 'order' | 'top'}`)}</span>
        </span>
      ),
    },
    {
      key: 'refunded',
      header: pt('pay.refunded'),
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (r) => (
        <span className="flex flex-col items-end" data-testid={`payment-refunded-${r.id}`}>
          <span>{r.refunded_minor ? money(r.refunded_minor, r) : '—'}</span>
          {r.pending_refund_minor > 0 && (
            <span className="text-xs text-amber-800">
              {pt('pay.refund_waiting', { amount: money(r.pending_refund_minor, r) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: pt('p.status'),
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status] ?? 'grey'}>
          {(PAYMENT_STATUSES as readonly string[]).includes(r.status)
            ? pt(`pay.status.${r.status as PaymentStatus}`)
            : r.status}
        </Badge>
      ),
    },
    {
      key: 'provider',
      header: pt('pay.provider'),
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-medium">{r.provider}</span>
          <span className="text-xs break-all text-slate-500" title={pt('pay.provider_id')}>
            {r.provider_payment_id ?? '—'}
          </span>
          <span className="text-xs break-all text-slate-400" title={pt('pay.reference')}>
            {r.reference}
          </span>
        </span>
      ),
    },
    {
      key: 'tutor',
      header: pt('pay.tutor'),
      cell: (r) => (
        <a className="text-brand-dark underline underline-offset-2" href={`/panel/users_show/${r.tutor_id}`}>
          {r.tutor_name || `№${r.tutor_id}`}
        </a>
      ),
    },
    {
      key: 'when',
      header: pt('pay.when'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <span className="flex flex-col">
          <span>{shortDate(r.created_at)}</span>
          {r.paid_at && (
            <span className="text-xs text-slate-500">{pt('pay.paid_at', { at: shortDate(r.paid_at) })}</span>
          )}
        </span>
      ),
    },
    // A refund goes through this site's provider keys, so only this edition's paid payments offer it.
    actionsColumn(pt, (r) =>
      r.status === 'paid' && r.edition === edition.code && refundable(r) > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => setRefunding(r)} data-testid={`refund-${r.id}`}>
          {pt('pay.refund')}
        </Button>
      ) : null,
    ),
  ]

  const options = (values: readonly string[], text: (v: string) => string) => [
    { value: '', text: pt('p.any') },
    ...values.map((v) => ({ value: v, text: text(v) })),
  ]
  return (
    <>
      <PanelList
        pt={pt}
        title={title}
        filters={{
          cols: 'md:grid-cols-3 xl:grid-cols-7',
          // Seven filters fill the row: the buttons get a row of their own, side by side.
          buttonsBelow: true,
          onApply: () => f.apply(),
          onReset: () => f.reset(),
          fields: (
            <>
              <Select
                size="sm"
                id="pay-edition"
                label={pt('pay.edition')}
                value={f.draft.edition || edition.code}
                onChange={(e) => f.set('edition')(e.target.value === edition.code ? '' : e.target.value)}
                options={EDITION_CODES.map((c) => ({ value: c, text: `${c.toUpperCase()} — ${EDITIONS[c].siteName}` }))}
              />
              <Select
                size="sm"
                id="pay-provider"
                label={pt('pay.provider')}
                value={f.draft.provider}
                onChange={(e) => f.set('provider')(e.target.value)}
                options={options(PAYMENT_PROVIDERS, (v) => v)}
              />
              <Select
                size="sm"
                id="pay-status"
                label={pt('p.status')}
                value={f.draft.status}
                onChange={(e) => f.set('status')(e.target.value)}
                options={options(PAYMENT_STATUSES, (v) => pt(`pay.status.${v as PaymentStatus}`))}
              />
              <Select
                size="sm"
                id="pay-purpose"
                label={pt('pay.purpose')}
                value={f.draft.purpose}
                onChange={(e) => f.set('purpose')(e.target.value)}
                options={options(PAYMENT_PURPOSES, (v) => pt(`pay.purpose.${v as (typeof PAYMENT_PURPOSES)[number]}`))}
              />
              <TextField
                size="sm"
                id="pay-tutor"
                inputMode="numeric"
                label={pt('pay.tutor_id')}
                value={f.draft.tutor_id}
                onChange={(e) => f.set('tutor_id')(e.target.value.replace(/\D/g, ''))}
              />
              <TextField
                size="sm"
                id="pay-from"
                type="date"
                label={pt('pay.from')}
                value={f.draft.from}
                onChange={(e) => f.set('from')(e.target.value)}
              />
              <TextField
                size="sm"
                id="pay-to"
                type="date"
                label={pt('pay.to')}
                value={f.draft.to}
                onChange={(e) => f.set('to')(e.target.value)}
              />
            </>
          ),
        }}
        summary={<Summary pt={pt} query={query} />}
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ testId: `payment-${r.id}` })}
        page={f.page}
        onPage={f.setPage}
        empty={pt('pay.empty')}
      />
      {refunding && <RefundDialog row={refunding} pt={pt} onClose={() => setRefunding(null)} />}
    </>
  )
}
