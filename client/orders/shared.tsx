// Pieces every order screen shares (the order page, both cabinets, the panel): the status badge,
// the order's facts, dates for <input type="datetime-local">, a dialog and tabs. Texts come from
// the orders area catalog (i18n/areas/orders).
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { AreaText } from '../lib/area-text'
import { useAreaText } from '../lib/area-text'
import { useSite } from '../lib/site'

// The dialog lives in the one kit (client/ui/Dialog.tsx); re-exported for the order screens.
export { ActionDialog } from '../ui/Dialog'

export type OrdersText = AreaText<'orders'>
export const useOrdersText = (): OrdersText => useAreaText('orders')

const STATUS_LOOK: Record<number, string> = {
  1: 'bg-sky-100 text-sky-800',
  2: 'bg-indigo-100 text-indigo-800',
  3: 'bg-violet-100 text-violet-800',
  4: 'bg-amber-100 text-amber-900',
  5: 'bg-orange-100 text-orange-900',
  6: 'bg-slate-200 text-slate-700',
  7: 'bg-emerald-100 text-emerald-800',
  8: 'bg-rose-100 text-rose-800',
}

export function StatusBadge({ status, ot }: { status: number; ot: OrdersText }) {
  return (
    <span data-testid="order-status" data-status={status} className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[status] ?? ''}`}>
      {ot(`orders.status.${status}` as never)}
    </span>
  )
}

/** A date (and time) in the page's language; '' for none. */
export function useFormatDate() {
  const { locale } = useSite()
  const lang = locale === 'ua' ? 'uk' : locale
  return (iso: string | null | undefined, withTime = true) =>
    iso ? new Date(iso).toLocaleString(lang, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }) : ''
}

/** ISO → the value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value → ISO (the browser's time zone). */
export function fromLocalInput(v: string): string {
  return new Date(v).toISOString()
}

export function placesText(places: readonly (string | false)[] | null | undefined, ot: OrdersText): string {
  return (places ?? []).filter((p): p is string => !!p).map((p) => ot(`orders.place.${p}` as never)).join(', ')
}

export interface OrderFactsView {
  id: number
  status: number
  lesson?: { name: string } | null
  lesson_name?: string | null
  level?: { name: string } | null
  city?: { name: string } | null
  city_name?: string | null
  form_location: readonly (string | false)[]
  client_place?: string | null
  class_regularity?: number | null
  class_duration?: number | null
  first_class?: string | null
  date_payment_deadline?: string | null
  description?: string | null
  info?: string | null
  created_at?: string | null
}

/** The staff view's client and tutor rows for OrderFacts (the order page's and the panel editor's). */
export function partyFacts(
  order: { client_name: string | null; client_phone: string | null; client_email: string | null; tutor_id: number | null; tutors: readonly { tutor_id: number; name: string }[] },
  ot: OrdersText,
): [string, ReactNode][] {
  return [
    [ot('orders.client'), [order.client_name, order.client_phone, order.client_email].filter(Boolean).join(' · ')],
    [ot('orders.tutor'), order.tutors.find((t) => t.tutor_id === order.tutor_id)?.name ?? null],
  ]
}

/** The order's request as a definition list. */
export function OrderFacts({ order, ot, extra }: { order: OrderFactsView; ot: OrdersText; extra?: [string, ReactNode][] }) {
  const fmt = useFormatDate()
  const city = order.city?.name ?? order.city_name
  const rows: [string, ReactNode][] = [
    [ot('orders.subject'), order.lesson?.name ?? order.lesson_name],
    [ot('orders.level'), order.level?.name],
    [ot('orders.place'), [placesText(order.form_location, ot), city].filter(Boolean).join(' · ')],
    [ot('orders.address'), order.client_place],
    [ot('orders.regularity'), order.class_regularity || null],
    [ot('orders.duration'), order.class_duration || null],
    [ot('orders.first_class'), fmt(order.first_class)],
    [ot('orders.deadline'), fmt(order.date_payment_deadline, false)],
    [ot('orders.comment'), [order.description, order.info].filter(Boolean).join('\n')],
    [ot('orders.created'), fmt(order.created_at)],
    ...(extra ?? []),
  ]
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{v}</dd>
          </div>
        ))}
    </dl>
  )
}

export function Card({ children, className = '', ...rest }: { children: ReactNode; className?: string } & React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${className}`} {...rest}>
      {children}
    </section>
  )
}

/** Tabs as links (each tab is an address), with an optional count. */
export function LinkTabs({ tabs, current, label }: { tabs: { key: string; href: string; label: string; count?: number }[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const on = tab.key === current
        return (
          <Link
            key={tab.key}
            href={tab.href}
            aria-current={on ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium ${on ? 'border-brand text-brand-dark' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {tab.label}
            {tab.count !== undefined && <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{tab.count}</span>}
          </Link>
        )
      })}
    </nav>
  )
}

export const INPUT = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30'

/** A labelled plain field for the small forms (dialogs, filters). */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  )
}

/** Stars 1–5 as radio buttons. */
export function MarkInput({ value, onChange, label }: { value: number; onChange: (v: number) => void; label: string }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl leading-none">
            <input type="radio" name="review-mark" value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" aria-label={String(n)} />
            <span aria-hidden="true" className={n <= value ? 'text-amber-400' : 'text-slate-300'}>
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
