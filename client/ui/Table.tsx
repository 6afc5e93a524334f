// A data table with its pager, and a paged list (loading, an error, or the table and its pager) as
// the panel's list screens show one. The words come from the screen's catalog: any translator that
// knows the list words (`p.*` of the panel catalog) will do.
import type { ReactNode } from 'react'
import { Button } from './Button'
import { Select } from './Field'
import { TextField } from './TextField'
import { ErrorText, Loading } from './State'

type Params = Record<string, string | number>
/** The words a list needs, looked up in the screen's catalog. */
export type ListText = (
  key: 'p.pages' | 'p.total' | 'p.page_of' | 'p.prev' | 'p.next' | 'p.empty' | 'p.error' | 'panel.loading',
  params?: Params,
) => string

export const PER_PAGE = 20

export interface Column<R> {
  key: string
  header: ReactNode
  cell: (row: R) => ReactNode
  className?: string
  /** The list's sort key for this column: its header becomes a button that sorts by it (with `sort` on the table). */
  sort?: string
}

export type SortDir = 'asc' | 'desc'

/** The table's current order and what a sortable header's click does (toggle asc / desc, or sort by that key). */
export interface TableSort {
  key: string
  dir: SortDir
  onSort: (key: string) => void
}

/** A row's own look and test id (a highlighted row, `data-testid` for tests). */
export type RowProps = { className?: string; testId?: string }

function SortHeader({ label, sortKey, sort }: { label: ReactNode; sortKey: string; sort: TableSort }) {
  const on = sort.key === sortKey
  return (
    <button
      type="button"
      onClick={() => sort.onSort(sortKey)}
      data-sort={sortKey}
      className={`-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 ${on ? 'text-slate-900' : ''}`}
    >
      {label}
      <span aria-hidden="true" className={on ? 'text-sky-700' : 'text-slate-400'}>
        {on ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  )
}

export function DataTable<R>({
  columns,
  rows,
  rowKey,
  label,
  empty,
  sort,
  rowProps,
  stacked = false,
}: {
  columns: Column<R>[]
  rows: R[]
  rowKey: (r: R) => string | number
  label: string
  empty: string
  sort?: TableSort
  rowProps?: (r: R) => RowProps
  /**
   * Below `sm` each row is a block of "header  value" lines: a phone is too narrow for the columns side
   * by side, and a scrolled table hides the column that matters (the amount) off the edge.
   */
  stacked?: boolean
}) {
  const ariaSort = (c: Column<R>) =>
    sort && c.sort ? (sort.key === c.sort ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined
  const phone = (classes: string) => (stacked ? classes : '')
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full border-collapse text-left text-sm ${phone('max-sm:block')}`} aria-label={label}>
        <thead className={`bg-slate-50 text-xs tracking-wide text-slate-500 uppercase ${phone('max-sm:sr-only')}`}>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={ariaSort(c)}
                className={`border-b border-slate-200 px-3 py-2 font-semibold ${c.className ?? ''}`}
              >
                {sort && c.sort ? <SortHeader label={c.header} sortKey={c.sort} sort={sort} /> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={phone('max-sm:block')}>
          {rows.length === 0 ? (
            <tr className={phone('max-sm:block')}>
              <td colSpan={columns.length} className={`px-3 py-8 text-center text-slate-500 ${phone('max-sm:block')}`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => {
              const own = rowProps?.(r)
              return (
                <tr
                  key={rowKey(r)}
                  data-testid={own?.testId}
                  className={`border-b border-slate-100 last:border-0 hover:bg-slate-50 ${phone('max-sm:block max-sm:py-2')} ${own?.className ?? ''}`}
                >
                  {columns.map((c) => {
                    const content = c.cell(r)
                    const none = content === null || content === undefined || content === ''
                    return (
                      <td
                        key={c.key}
                        // The column's name drawn before the value (CSS, so the cell's text stays the value).
                        data-label={stacked && typeof c.header === 'string' ? c.header : undefined}
                        className={`px-3 py-1.5 align-middle ${c.className ?? ''} ${phone(
                          `max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:py-0.5 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] ${none ? 'max-sm:hidden' : ''}`,
                        )}`}
                      >
                        {stacked ? <span className="min-w-0 max-sm:text-right">{content}</span> : content}
                      </td>
                    )
                  })}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

/** `of`: what is paged (the list's title), so two lists on one page have distinct page navigations. */
export function Pager({
  page,
  total,
  onPage,
  t,
  of,
}: {
  page: number
  total: number
  onPage: (p: number) => void
  t: ListText
  of?: string
}) {
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  return (
    // One line down to 375 px: below `sm` the buttons are arrows (their names stay the words, for
    // screen readers) and the texts do not break inside.
    <nav
      aria-label={of ? `${t('p.pages')}: ${of}` : t('p.pages')}
      className="mt-3 flex items-center gap-2 text-sm text-slate-600 sm:gap-3"
    >
      <span className="min-w-0 truncate">{t('p.total', { n: total })}</span>
      <span className="ml-auto whitespace-nowrap">{t('p.page_of', { page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true" className="sm:hidden">
          ‹
        </span>
        <span className="max-sm:sr-only">{t('p.prev')}</span>
      </Button>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span aria-hidden="true" className="sm:hidden">
          ›
        </span>
        <span className="max-sm:sr-only">{t('p.next')}</span>
      </Button>
    </nav>
  )
}

/** A paged list: loading, an error, or the table with its pager. */
export function PagedTable<R>(props: {
  list: { data?: { items: R[]; total: number }; isError: boolean; isFetching: boolean }
  title: string
  columns: Column<R>[]
  rowKey: (r: R) => string | number
  page: number
  onPage: (p: number) => void
  t: ListText
  sort?: TableSort
  rowProps?: (r: R) => RowProps
  /** Rows as blocks on a phone (DataTable's `stacked`). */
  stacked?: boolean
}) {
  const { list, t } = props
  if (!list.data) return list.isError ? <ErrorText>{t('p.error')}</ErrorText> : <Loading text={t('panel.loading')} />
  return (
    <div aria-busy={list.isFetching}>
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={list.data.items}
        rowKey={props.rowKey}
        empty={t('p.empty')}
        sort={props.sort}
        rowProps={props.rowProps}
        stacked={props.stacked}
      />
      <Pager page={props.page} total={list.data.total} onPage={props.onPage} t={t} of={props.title} />
    </div>
  )
}

/** A list filter form's buttons: apply (the form's submit) and, when given, reset. */
export function FilterButtons({
  t,
  onReset,
  className = 'flex items-end gap-2',
}: {
  t: (key: 'p.apply' | 'p.reset') => string
  onReset?: () => void
  className?: string
}) {
  return (
    <div className={className}>
      <Button type="submit" size="sm">
        {t('p.apply')}
      </Button>
      {onReset && (
        <Button size="sm" variant="secondary" onClick={onReset}>
          {t('p.reset')}
        </Button>
      )}
    </div>
  )
}

/** A yes / no / any filter over a 0/1 flag. */
export function FlagFilter({
  id,
  label,
  value,
  onChange,
  t,
}: {
  id: string
  label: string
  value: string
  onChange: (v: string) => void
  t: (key: 'p.any' | 'p.yes' | 'p.no') => string
}) {
  return (
    <Select
      id={id}
      label={label}
      size="sm"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', text: t('p.any') },
        { value: '1', text: t('p.yes') },
        { value: '0', text: t('p.no') },
      ]}
    />
  )
}

/** The free-text search of a filter row, two columns wide. */
export function SearchFilter({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string
  label: string
  placeholder?: string
  value: string
  onChange: (v: string) => void
}) {
  return (
    <TextField
      size="sm"
      id={id}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="col-span-2"
    />
  )
}
