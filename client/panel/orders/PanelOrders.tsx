// The panel's orders (/panel/users_orders and /panel/users_orders/{id}): the list with filters,
// counts per status, paging and the Excel export, and the order editor. The panel speaks Ukrainian
// (Spanish on Spanish-speaking editions), so the orders catalog is read in the panel's language.
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { ORDER_STATUSES } from '../../../common/order-status'
import { StatusBadge, placesText } from '../../orders/OrderFacts'
import { type OrdersText } from '../../orders/text'
import { showError } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { CONTROL, Field } from '../../ui/Field'
import { useFormatDate } from '../../ui/Date'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { OrderEditor } from './OrderEditor'
import { usePT } from '../text'

const PER_PAGE = 20

export function usePanelOrdersText(): OrdersText {
  const { edition } = useSite()
  return useAreaText('orders', edition.defaultLocale === 'es' ? 'es' : 'ua')
}

export default function PanelOrders({ path }: { path: string }) {
  const id = path.match(/^\/panel\/users_orders\/(\d+)/)?.[1]
  return id ? <OrderEditor id={Number(id)} /> : <OrdersList />
}

interface Filters {
  status?: number[]
  date_from?: string
  date_to?: string
  text_search?: string
  /** The responsible staff member: 'mine', 'none' or a staff id (README "Responsible staff"). */
  responsible?: string
}

function cleanFilters(f: Filters): Filters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length))) as Filters
}

function OrdersList() {
  const ot = usePanelOrdersText()
  const pt = usePT()
  const fmt = useFormatDate()
  const staffOptions = trpc.admin.orders.staffOptions.useQuery()
  // The first filters come from the address (the desktop links here with ?status=1, ?date_from&date_to,
  // or ?responsible=mine|none&status=1,2,…).
  const [initial] = useState(() => {
    const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search)
    const status = (q.get('status') ?? '').split(',').map(Number).filter((n) => n >= 1 && n <= 8)
    const draft = { date_from: q.get('date_from') ?? '', date_to: q.get('date_to') ?? '', text_search: q.get('text_search') ?? '', responsible: q.get('responsible') ?? '' }
    return { draft, filters: cleanFilters({ ...draft, ...(status.length ? { status } : {}) }) }
  })
  const [draft, setDraft] = useState(initial.draft)
  const [filters, setFilters] = useState<Filters>(initial.filters)
  const [page, setPage] = useState(1)
  const [sortDir, setSortDir] = useState<'desc' | 'asc'>('desc')
  const [exportError, setExportError] = useState('')
  const [exporting, setExporting] = useState(false)
  const applied = cleanFilters(filters)
  const list = trpc.admin.orders.list.useQuery({ page, filters: applied, sort_dir: sortDir })
  const counts = trpc.admin.orders.countStatuses.useQuery({ page: 1, filters: applied })
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  // One status is a chip; several (the desktop's open orders) leave every chip but "all" off.
  const status = filters.status?.length === 1 ? filters.status[0] : undefined
  const anyStatus = !filters.status?.length

  const apply = (e: FormEvent) => {
    e.preventDefault()
    setPage(1)
    setFilters((f) => ({ ...f, ...draft }))
  }
  const reset = () => {
    setDraft({ date_from: '', date_to: '', text_search: '', responsible: '' })
    setFilters({})
    setPage(1)
  }
  const pickStatus = (s: number | undefined) => {
    setPage(1)
    setFilters((f) => ({ ...f, status: s ? [s] : undefined }))
  }

  const exportXlsx = async () => {
    setExportError('')
    const f = cleanFilters({ ...filters, ...draft })
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
        <StatusChip on={anyStatus} label={ot('orders.staff.all')} count={counts.data?.total} onClick={() => pickStatus(undefined)} testId="status-all" />
        {ORDER_STATUSES.map((s) => (
          <StatusChip key={s} on={status === s} label={ot(`orders.status.${s}` as never)} count={counts.data?.counts[String(s)]} onClick={() => pickStatus(s)} testId={`status-${s}`} />
        ))}
      </nav>
      <form onSubmit={apply} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_10rem_10rem_12rem_auto]" aria-label={ot('orders.staff.apply')}>
        <Field id="orders-text" label={ot('orders.staff.search')}>
          <input id="orders-text" className={CONTROL.md} value={draft.text_search} onChange={(e) => setDraft({ ...draft, text_search: e.target.value })} />
        </Field>
        <Field id="orders-from" label={ot('orders.staff.date_from')}>
          <input id="orders-from" type="date" className={CONTROL.md} value={draft.date_from} onChange={(e) => setDraft({ ...draft, date_from: e.target.value })} />
        </Field>
        <Field id="orders-to" label={ot('orders.staff.date_to')}>
          <input id="orders-to" type="date" className={CONTROL.md} value={draft.date_to} onChange={(e) => setDraft({ ...draft, date_to: e.target.value })} />
        </Field>
        <Field id="orders-responsible" label={pt('panel.responsible')}>
          <select id="orders-responsible" className={CONTROL.md} value={draft.responsible} onChange={(e) => setDraft({ ...draft, responsible: e.target.value })}>
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
        <p className="text-sm text-slate-600">{ot('orders.staff.total', { n: total })}</p>
        <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
          <span className="sr-only">{ot('orders.staff.sort_new')}</span>
          <select className="rounded-lg border border-slate-300 bg-white px-2 py-1.5" value={sortDir} onChange={(e) => setSortDir(e.target.value as 'asc' | 'desc')}>
            <option value="desc">{ot('orders.staff.sort_new')}</option>
            <option value="asc">{ot('orders.staff.sort_old')}</option>
          </select>
        </label>
        <Button variant="secondary" onClick={exportXlsx} disabled={exporting} data-testid="orders-export">
          {ot('orders.staff.export')}
        </Button>
      </div>
      {exportError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {exportError}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">№</th>
              <th className="px-3 py-2">{ot('orders.status')}</th>
              <th className="px-3 py-2">{ot('orders.client')}</th>
              <th className="px-3 py-2">{ot('orders.subject')}</th>
              <th className="px-3 py-2">{ot('orders.place')}</th>
              <th className="px-3 py-2">{ot('orders.tutor')}</th>
              <th className="px-3 py-2">{pt('panel.responsible')}</th>
              <th className="px-3 py-2">{ot('orders.created')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.items.map((o) => (
              <tr key={o.id} data-testid="order-row" className={`border-t border-slate-100 ${o.favorite ? 'bg-amber-50/60' : ''}`}>
                <td className="px-3 py-2 font-medium">
                  <Link href={`/panel/users_orders/${o.id}`} className="text-brand-dark underline underline-offset-2">
                    {o.id}
                  </Link>
                  {o.favorite ? <span aria-label={ot('orders.staff.favorite')}> ★</span> : null}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={o.status} ot={ot} />
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium text-slate-900">{o.client_name}</div>
                  <div className="text-slate-500">{[o.client_phone, o.client_email].filter(Boolean).join(' · ')}</div>
                </td>
                <td className="px-3 py-2">{o.lesson_name}</td>
                <td className="px-3 py-2">{[placesText(o.form_location, ot), o.city_name].filter(Boolean).join(' · ')}</td>
                <td className="px-3 py-2">{o.tutor_name}</td>
                <td className="px-3 py-2" data-testid="order-row-responsible">
                  {o.staff_name ?? <span className="text-slate-500">—</span>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">{fmt(o.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && !list.data.items.length && <p className="p-6 text-center text-slate-500">{ot('orders.empty')}</p>}
        {list.isPending && <p className="p-6 text-center text-slate-500">{ot('orders.loading')}</p>}
      </div>
      {pages > 1 && (
        <nav aria-label={ot('orders.page_of', { page, pages })} className="flex items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {ot('orders.prev')}
          </Button>
          <span className="text-sm text-slate-600">{ot('orders.page_of', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {ot('orders.next')}
          </Button>
        </nav>
      )}
    </div>
  )
}

function StatusChip({ on, label, count, onClick, testId }: { on: boolean; label: string; count?: number; onClick: () => void; testId: string }) {
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
