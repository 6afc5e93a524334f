// The panel's orders (/panel/users_orders and /panel/users_orders/{id}): the list with filters,
// counts per status, paging and the Excel export, and the order editor. The panel speaks Ukrainian
// (Spanish on Spanish-speaking editions), so the orders catalog is read in the panel's language.
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/routers/app'
import { ORDER_STATUSES } from '../../../common/order-status'
import type { OrderSort } from '../../../common/schemas/admin/orders.schema'
import { type ListSorting, useUrlFilters } from '../PanelList'
import { usePT, usePanelFormatDate } from '../text'
import { type Column, type ListText, PagedTable } from '../../ui/Table'
import { StatusBadge, placesText } from '../../orders/OrderFacts'
import type { OrdersText } from '../../orders/text'
import { showError } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { CONTROL, Field } from '../../ui/Field'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { OrderEditor } from './OrderEditor'

export function usePanelOrdersText(): OrdersText {
  const { edition } = useSite()
  return useAreaText('orders', edition.defaultLocale === 'es' ? 'es' : 'ua')
}

export default function PanelOrders({ path }: { path: string }) {
  const id = path.match(/^\/panel\/users_orders\/(\d+)/)?.[1]
  return id ? <OrderEditor id={Number(id)} /> : <OrdersList />
}

/** The list call's filters. */
interface Filters {
  status?: number[]
  date_from?: string
  date_to?: string
  text_search?: string
  /** The responsible staff member: 'mine', 'none' or a staff id (docs/decisions.md#orders). */
  responsible?: string
}

/**
 * The filters as the address holds them (the desktop links here with ?status=1, ?date_from&date_to, or
 * ?responsible=mine|none&status=1,2,…): `status` one status or several, comma-separated.
 */
type UrlFilters = { status: string; date_from: string; date_to: string; text_search: string; responsible: string }
const NO_FILTERS: UrlFilters = { status: '', date_from: '', date_to: '', text_search: '', responsible: '' }
/** The sortable columns (the server's ORDER_SORTS) and the list's own order: newest first. */
const SORTING: ListSorting<OrderSort> = { keys: ['created', 'id', 'status', 'client'], sort: 'created', dir: 'desc' }

function toFilters(f: Partial<UrlFilters>): Filters {
  const status = (f.status ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n >= 1 && n <= 8)
  const out: Filters = {
    date_from: f.date_from,
    date_to: f.date_to,
    text_search: f.text_search,
    responsible: f.responsible,
    ...(status.length ? { status } : {}),
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined && v !== '')) as Filters
}

type OrderRow = inferRouterOutputs<AppRouter>['admin']['orders']['list']['items'][number]

function OrdersList() {
  const ot = usePanelOrdersText()
  const pt = usePT()
  const fmt = usePanelFormatDate()
  // Filters, page and order live in the address, as on the panel's other lists.
  const { draft, set, filters, page, setPage, apply, reset, sort, sortInput } = useUrlFilters(NO_FILTERS, SORTING)
  const [exportError, setExportError] = useState('')
  const [exporting, setExporting] = useState(false)
  const applied = toFilters(filters)
  const list = trpc.admin.orders.list.useQuery(
    { page, filters: applied, ...sortInput },
    { placeholderData: (prev) => prev },
  )
  const counts = trpc.admin.orders.countStatuses.useQuery({ page: 1, filters: applied })
  const staffOptions = trpc.admin.orders.staffOptions.useQuery()
  // One status is a chip; several (the desktop's open orders) leave every chip but "all" off.
  const status = applied.status?.length === 1 ? applied.status[0] : undefined
  const anyStatus = !applied.status?.length

  const submit = (e: FormEvent) => {
    e.preventDefault()
    apply()
  }
  const pickStatus = (s: number | undefined) => apply({ ...filters, status: s ? String(s) : '' })
  // The list's words: the kit's (panel catalog), "nothing found" the orders' own.
  const lt: ListText = (key, params) => (key === 'p.empty' ? ot('orders.empty') : pt(key, params))

  const columns: Column<OrderRow>[] = [
    {
      key: 'id',
      sort: 'id',
      header: '№',
      className: 'font-medium',
      cell: (o) => (
        <>
          <Link href={`/panel/users_orders/${o.id}`} className="text-brand-dark underline underline-offset-2">
            {o.id}
          </Link>
          {o.favorite ? (
            <span role="img" aria-label={ot('orders.staff.favorite')}>
              {' '}
              ★
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      sort: 'status',
      header: ot('orders.status'),
      cell: (o) => <StatusBadge status={o.status} ot={ot} />,
    },
    {
      key: 'client',
      sort: 'client',
      header: ot('orders.client'),
      cell: (o) => (
        <>
          <div className="font-medium text-slate-900">{o.client_name}</div>
          <div className="text-slate-500">{[o.client_phone, o.client_email].filter(Boolean).join(' · ')}</div>
          {!o.client_confirmed && (
            <div className="text-amber-800" data-testid="order-row-unconfirmed">
              {pt('orders.unconfirmed')}
            </div>
          )}
          {o.same_phone_clients > 0 && o.client_phone && (
            <Link
              href={`/panel/clients_show?text=${encodeURIComponent(o.client_phone)}`}
              className="text-amber-800 underline underline-offset-2"
              data-testid="order-row-same-phone"
            >
              {pt('orders.same_phone', { n: o.same_phone_clients })}
            </Link>
          )}
        </>
      ),
    },
    { key: 'subject', header: ot('orders.subject'), cell: (o) => o.lesson_name },
    {
      key: 'place',
      header: ot('orders.place'),
      cell: (o) => [placesText(o.form_location, ot), o.city_name].filter(Boolean).join(' · '),
    },
    {
      key: 'tutor',
      header: ot('orders.tutor'),
      cell: (o) =>
        o.tutor_name ??
        (o.personal_tutor_name ? (
          <span data-testid="order-row-chosen-tutor">
            {ot('orders.chosen_by_client', { name: o.personal_tutor_name })}
          </span>
        ) : null),
    },
    {
      key: 'responsible',
      header: pt('panel.responsible'),
      cell: (o) => (
        <span data-testid="order-row-responsible">{o.staff_name ?? <span className="text-slate-500">—</span>}</span>
      ),
    },
    {
      key: 'created',
      sort: 'created',
      header: ot('orders.created'),
      className: 'whitespace-nowrap text-slate-600',
      cell: (o) => fmt(o.created_at),
    },
  ]

  const exportXlsx = async () => {
    setExportError('')
    const f = toFilters({ ...filters, ...draft })
    // The server answers 422 too; saying it here spares a round trip.
    if (!Object.keys(f).length) return setExportError(ot('orders.staff.no_filters'))
    setExporting(true)
    try {
      const res = await fetch('/admin/get_file_excel_export_orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ filters: f, file_name: 'orders' }),
      })
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { errors?: Record<string, string[]> } | null
        return setExportError(body?.errors?.filters?.[0] ?? `HTTP ${res.status}`)
      }
      const blob = await res.blob()
      const a = document.createElement('a')
      a.href = URL.createObjectURL(blob)
      a.download = 'orders.xlsx'
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
    } catch (err) {
      showError(err)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="flex flex-col gap-5" data-testid="orders-list">
      <h1 className="text-2xl font-bold text-slate-900">{ot('orders.staff.title')}</h1>
      <nav aria-label={ot('orders.status')} className="flex flex-wrap gap-2">
        <StatusChip
          on={anyStatus}
          label={ot('orders.staff.all')}
          count={counts.data?.total}
          onClick={() => pickStatus(undefined)}
          testId="status-all"
        />
        {ORDER_STATUSES.map((s) => (
          <StatusChip
            key={s}
            on={status === s}
            label={ot(`orders.status.${s}` as never)}
            count={counts.data?.counts[String(s)]}
            onClick={() => pickStatus(s)}
            testId={`status-${s}`}
          />
        ))}
      </nav>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_10rem_10rem_12rem_auto]"
        aria-label={ot('orders.staff.apply')}
      >
        <Field id="orders-text" label={ot('orders.staff.search')}>
          <input
            id="orders-text"
            className={CONTROL.md}
            value={draft.text_search}
            onChange={(e) => set('text_search')(e.target.value)}
          />
        </Field>
        <Field id="orders-from" label={ot('orders.staff.date_from')}>
          <input
            id="orders-from"
            type="date"
            className={CONTROL.md}
            value={draft.date_from}
            onChange={(e) => set('date_from')(e.target.value)}
          />
        </Field>
        <Field id="orders-to" label={ot('orders.staff.date_to')}>
          <input
            id="orders-to"
            type="date"
            className={CONTROL.md}
            value={draft.date_to}
            onChange={(e) => set('date_to')(e.target.value)}
          />
        </Field>
        <Field id="orders-responsible" label={pt('panel.responsible')}>
          <select
            id="orders-responsible"
            className={CONTROL.md}
            value={draft.responsible}
            onChange={(e) => set('responsible')(e.target.value)}
          >
            <option value="">{pt('panel.responsible.any')}</option>
            <option value="mine">{pt('panel.responsible.mine')}</option>
            <option value="none">{pt('panel.responsible.none')}</option>
            {staffOptions.data?.items.map((s) => (
              <option key={s.admin_id} value={s.admin_id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit">{ot('orders.staff.apply')}</Button>
          <Button variant="secondary" onClick={reset}>
            {ot('orders.staff.reset')}
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={exportXlsx}
          disabled={exporting}
          data-testid="orders-export"
          className="ml-auto"
        >
          {ot('orders.staff.export')}
        </Button>
      </div>
      {exportError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {exportError}
        </p>
      )}
      <PagedTable
        list={list}
        title={ot('orders.staff.title')}
        columns={columns}
        rowKey={(o) => o.id}
        page={page}
        onPage={setPage}
        t={lt}
        sort={sort}
        rowProps={(o) => ({ testId: 'order-row', className: o.favorite ? 'bg-amber-50/60' : '' })}
      />
    </div>
  )
}

function StatusChip({
  on,
  label,
  count,
  onClick,
  testId,
}: {
  on: boolean
  label: string
  count?: number
  onClick: () => void
  testId: string
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid={testId}
      onClick={onClick}
      className={`flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${on ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      {label}
      <span className={`rounded-full px-1.5 text-xs ${on ? 'bg-white/20' : 'bg-slate-100'}`}>{count ?? '…'}</span>
    </button>
  )
}
