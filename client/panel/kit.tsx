// The panel's building blocks: its translator, dense tables, paging, filter fields, flag badges and the
// confirmation dialog every destructive action goes through (Radix AlertDialog).
import { AlertDialog } from 'radix-ui'
import { type ComponentProps, type ReactNode, useState } from 'react'
import type { Locale } from '../../common/editions'
import { type AreaText, useAreaText } from '../lib/area-text'
import { useSite } from '../lib/site'
import { showError, showSuccess } from '../components/ui/StatusBanner'

/** The panel's language: Spanish on Spanish-speaking editions, Ukrainian elsewhere (README, Decisions). */
export function panelLocale(defaultLocale: string): Locale {
  return defaultLocale === 'es' ? 'es' : 'ua'
}

export type PT = AreaText<'panel'>

export function usePT(): PT {
  const { edition } = useSite()
  return useAreaText('panel', panelLocale(edition.defaultLocale))
}

export const PER_PAGE = 20

/** Mutation options of a panel action: the success banner, then the screen's data fetched again; a failure in the error banner. */
export function announceAndRefresh(message: string, refresh: () => Promise<unknown>) {
  return {
    onSuccess: async () => {
      showSuccess(message)
      await refresh()
    },
    onError: showError,
  }
}

export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{children}</h1>
      {aside && <div className="ml-auto flex flex-wrap items-center gap-2">{aside}</div>}
    </div>
  )
}

export function Card({ title, children, className = '', testId }: { title?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section data-testid={testId} className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}>
      {title && <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>}
      {children}
    </section>
  )
}

const BTN = {
  primary: 'bg-slate-900 text-white hover:bg-slate-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const

export function PanelButton({ tone = 'secondary', className = '', type = 'button', ...props }: ComponentProps<'button'> & { tone?: keyof typeof BTN }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-50 ${BTN[tone]} ${className}`}
      {...props}
    />
  )
}

const INPUT = 'w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm outline-none focus:border-slate-500 focus:ring-2 focus:ring-slate-300 aria-[invalid=true]:border-red-600'

/** A field's error line (`${id}-error`, which the field's aria-describedby names). */
export function ErrorLine({ id, error }: { id: string; error?: string }) {
  const { tr } = useSite()
  if (!error) return null
  return (
    <p id={`${id}-error`} className="text-xs text-red-700">
      {tr(error)}
    </p>
  )
}

export function Input({ label, id, hint, error, className = '', ...props }: ComponentProps<'input'> & { label: string; id: string; hint?: string; error?: string }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} {...props} />
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      <ErrorLine id={id} error={error} />
    </div>
  )
}

export function Select({
  label,
  id,
  options,
  error,
  className = '',
  ...props
}: ComponentProps<'select'> & { label: string; id: string; options: { value: string; text: string }[]; error?: string }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      <ErrorLine id={id} error={error} />
    </div>
  )
}

/** A yes / no / any filter over a 0/1 flag. */
export function FlagFilter({ id, label, value, onChange, pt }: { id: string; label: string; value: string; onChange: (v: string) => void; pt: PT }) {
  return (
    <Select
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', text: pt('p.any') },
        { value: '1', text: pt('p.yes') },
        { value: '0', text: pt('p.no') },
      ]}
    />
  )
}

const BADGE = {
  green: 'bg-emerald-100 text-emerald-800',
  grey: 'bg-slate-100 text-slate-700',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-sky-100 text-sky-800',
  amber: 'bg-amber-100 text-amber-800',
} as const

export function Badge({ tone, children }: { tone: keyof typeof BADGE; children: ReactNode }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE[tone]}`}>{children}</span>
}

export interface Column<R> {
  key: string
  header: ReactNode
  cell: (row: R) => ReactNode
  className?: string
}

export function DataTable<R>({ columns, rows, rowKey, label, empty }: { columns: Column<R>[]; rows: R[]; rowKey: (r: R) => string | number; label: string; empty: string }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full border-collapse text-left text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`border-b border-slate-200 px-3 py-2 font-semibold ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={rowKey(r)} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                {columns.map((c) => (
                  <td key={c.key} className={`px-3 py-1.5 align-middle ${c.className ?? ''}`}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

export function Pager({ page, total, onPage, pt }: { page: number; total: number; onPage: (p: number) => void; pt: PT }) {
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  return (
    <nav aria-label={pt('p.pages')} className="mt-3 flex items-center gap-3 text-sm text-slate-600">
      <span>{pt('p.total', { n: total })}</span>
      <span className="ml-auto">{pt('p.page_of', { page, pages })}</span>
      <PanelButton disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {pt('p.prev')}
      </PanelButton>
      <PanelButton disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {pt('p.next')}
      </PanelButton>
    </nav>
  )
}

/**
 * A button that asks first: the dialog names the action and its consequence; Confirm runs it. The
 * dialog stays open while the call runs and closes when it settles.
 */
export function ConfirmButton({
  label,
  title,
  text,
  confirm,
  onConfirm,
  tone = 'danger',
  confirmTone,
  pt,
  disabled,
  testId,
}: {
  label: string
  title: string
  text: string
  confirm?: string
  onConfirm: () => Promise<unknown>
  tone?: keyof typeof BTN
  /** The dialog's confirm button; red unless the trigger is a primary action. */
  confirmTone?: keyof typeof BTN
  pt: PT
  disabled?: boolean
  testId?: string
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <AlertDialog.Trigger asChild>
        <PanelButton tone={tone} disabled={disabled} data-testid={testId}>
          {label}
        </PanelButton>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{text}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <PanelButton disabled={busy}>{pt('p.cancel')}</PanelButton>
            </AlertDialog.Cancel>
            <PanelButton
              tone={confirmTone ?? (tone === 'primary' ? 'primary' : 'danger')}
              disabled={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  await onConfirm()
                } catch {
                  // the mutation's onError has reported it
                } finally {
                  setBusy(false)
                  setOpen(false)
                }
              }}
            >
              {confirm ?? label}
            </PanelButton>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

export function Loading({ pt }: { pt: PT }) {
  return <p className="py-6 text-slate-600">{pt('panel.loading')}</p>
}

export function dateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString(locale === 'ua' ? 'uk-UA' : 'es-ES', { dateStyle: 'short', timeStyle: 'short' })
}

export function useLocale(): Locale {
  const { edition } = useSite()
  return panelLocale(edition.defaultLocale)
}

/** A list filter form's buttons: apply (the form's submit) and, when given, reset. */
export function FilterButtons({ pt, onReset, className = 'flex items-end gap-2' }: { pt: PT; onReset?: () => void; className?: string }) {
  return (
    <div className={className}>
      <PanelButton type="submit" tone="primary">
        {pt('p.apply')}
      </PanelButton>
      {onReset && <PanelButton onClick={onReset}>{pt('p.reset')}</PanelButton>}
    </div>
  )
}

/** A paged staff list as the panel shows it: loading, an error, or the table with its pager. */
export function ListView<R>(props: {
  list: { data?: { items: R[]; total: number }; isError: boolean; isFetching: boolean }
  title: string
  columns: Column<R>[]
  rowKey: (r: R) => string | number
  page: number
  onPage: (p: number) => void
  pt: PT
}) {
  const { list, pt } = props
  if (!list.data) return list.isError ? <p className="text-red-700">{pt('p.error')}</p> : <Loading pt={pt} />
  return (
    <div aria-busy={list.isFetching}>
      <DataTable label={props.title} columns={props.columns} rows={list.data.items} rowKey={props.rowKey} empty={pt('p.empty')} />
      <Pager page={props.page} total={list.data.total} onPage={props.onPage} pt={pt} />
    </div>
  )
}
