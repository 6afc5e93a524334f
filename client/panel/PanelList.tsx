// The panel's list page, one pattern for every area: the title (and its "create" button), a filter
// row, the editor (a card above the table, or a dialog), the paged table from the client/ui kit with
// row actions, and the empty state. The filters and the page live in the address (`?city_id=3&page=2`),
// so a link (the desktop's widgets) opens a list already filtered and a reload keeps it; so does the
// order chosen by a sortable column header (`?sort=name&dir=asc`).
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Button } from '../ui/Button'
import { Card, PageTitle } from '../ui/Card'
import { ActionDialog, ConfirmDialog } from '../ui/Dialog'
import { type Column, FilterButtons, PagedTable, type RowProps, type SortDir, type TableSort } from '../ui/Table'
import type { PT } from './text'

/** A list's filters as the address holds them: text values, '' for "any". */
export type UrlFilters = Record<string, string>

/** A list's sortable keys and its default order (what the server does without `sort`). */
export interface ListSorting<S extends string> {
  keys: readonly S[]
  sort: S
  dir: SortDir
}

/**
 * The filters, the page and the order kept in the address. `draft` is what the filter row shows;
 * `apply` writes it to the address (page 1), `reset` clears it. `filters` are the applied ones, without
 * empty values. With `sorting`: `sort` (the table's, for its headers) and `sortInput` (the list call's
 * `sort` / `dir`); a header's click toggles asc / desc on its key, a new key starts ascending, and either
 * goes back to page 1. Filters and paging keep the order; a key the list does not know reads as its default.
 */
export function useUrlFilters<F extends UrlFilters, S extends string = string>(empty: F, sorting?: ListSorting<S>) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const query = useMemo(() => new URLSearchParams(search), [search])
  const applied = useMemo(
    () => Object.fromEntries(Object.keys(empty).map((k) => [k, query.get(k) ?? empty[k]])) as F,
    [query, empty],
  )
  const [draft, setDraft] = useState<F>(applied)
  // A link or the back button changed the address: the filter row follows.
  useEffect(() => setDraft(applied), [applied])
  const page = Math.max(1, Number(query.get('page')) || 1)
  const urlSort = query.get('sort') as S | null
  const known = !!sorting && urlSort !== null && sorting.keys.includes(urlSort)
  const urlDir = query.get('dir')
  const order = sorting && {
    sort: known ? urlSort! : sorting.sort,
    dir: (urlDir === 'asc' || urlDir === 'desc' ? urlDir : sorting.dir) as SortDir,
  }
  const go = (f: Partial<F>, p: number, o: { sort: S; dir: SortDir } | undefined = known ? order : undefined) => {
    // A value is written when it differs from the list's default: '' ("any") is written as `key=` for a
    // filter whose default is not '' (the moderation lists start at "on moderation").
    const q = new URLSearchParams(
      Object.entries(f).filter(([k, v]) => v !== undefined && v !== empty[k]) as [string, string][],
    )
    if (o) {
      q.set('sort', o.sort)
      q.set('dir', o.dir)
    }
    if (p > 1) q.set('page', String(p))
    const qs = q.toString()
    navigate(qs ? `${location}?${qs}` : location, { replace: true })
  }
  const filters = Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== '')) as Partial<F>
  const sort: TableSort | undefined = order && {
    key: order.sort,
    dir: order.dir,
    onSort: (key) =>
      go(applied, 1, { sort: key as S, dir: key === order.sort && order.dir === 'asc' ? 'desc' : 'asc' }),
  }
  return {
    draft,
    set: (k: keyof F) => (v: string) => setDraft((d) => ({ ...d, [k]: v })),
    filters,
    page,
    setPage: (p: number) => go(applied, p),
    apply: (next: Partial<F> = draft) => go(next, 1),
    reset: () => go({}, 1),
    sort,
    /** The list call's order: `{ sort, dir }` as the address has it (the default when it has none). */
    sortInput: order as { sort: S; dir: SortDir } | undefined,
  }
}

/** A row's buttons: edit, the page's own, and delete after a confirmation. */
export function RowActions({
  pt,
  testId,
  onEdit,
  remove,
  children,
}: {
  pt: PT
  testId: string
  onEdit?: () => void
  remove?: { title: string; description: string; onConfirm: () => unknown }
  children?: ReactNode
}) {
  return (
    <span className="flex justify-end gap-1.5" data-testid={testId}>
      {onEdit && (
        <Button size="sm" variant="secondary" onClick={onEdit}>
          {pt('p.edit')}
        </Button>
      )}
      {children}
      {remove && (
        <ConfirmDialog
          size="sm"
          trigger={
            <Button size="sm" variant="secondary">
              {pt('p.delete')}
            </Button>
          }
          title={remove.title}
          description={remove.description}
          confirm={pt('p.delete')}
          cancel={pt('p.cancel')}
          onConfirm={remove.onConfirm}
        />
      )}
    </span>
  )
}

/** The column of a row's actions (last, as narrow as its buttons). */
export function actionsColumn<R>(pt: PT, cell: (r: R) => ReactNode): Column<R> {
  return { key: 'actions', header: pt('p.actions'), className: 'w-px', cell }
}

/** The editor of a list: new (`'new'`), a row, or closed (null). */
export function useEditing<R>() {
  return useState<R | 'new' | null>(null)
}

/** A list's filters: its fields, what "apply" does, and a reset when given. `cols`: the grid at md width. */
export interface ListFilters {
  fields: ReactNode
  onApply: () => void
  onReset?: () => void
  cols?: string
  /** The submit button's text when it is not "apply" (a row that picks what to show). */
  applyLabel?: string
  /** The buttons on a line of their own under the fields (a row with many fields). */
  buttonsBelow?: boolean
}

/** The filter row of a list: its fields in a grid, then "apply" (and "reset"). PanelList draws it; a page
 * whose list is not a PanelList table (cards, a chart) draws the same row with it. */
export function FilterRow({ pt, fields, onApply, onReset, cols, applyLabel, buttonsBelow }: ListFilters & { pt: PT }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onApply()
  }
  return (
    <form
      role="search"
      onSubmit={submit}
      className={`mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${cols ?? 'md:grid-cols-4'}`}
    >
      {fields}
      {applyLabel ? (
        <div className="col-span-2 flex items-end md:col-span-1">
          <Button type="submit" size="sm">
            {applyLabel}
          </Button>
        </div>
      ) : (
        <FilterButtons
          t={pt}
          onReset={onReset}
          className={`flex flex-wrap items-end gap-2 ${buttonsBelow ? 'col-span-full' : 'col-span-2 md:col-span-1'}`}
        />
      )}
    </form>
  )
}

export function PanelList<R>({
  pt,
  title,
  create,
  titleAside,
  filters,
  summary,
  editor,
  list,
  columns,
  rowKey,
  page,
  onPage,
  empty,
  section,
  sort,
  rowProps,
}: {
  pt: PT
  title: string
  /** The table's order (sortable headers): `useUrlFilters(…).sort`. */
  sort?: TableSort
  rowProps?: (r: R) => RowProps
  /** A list that is a section of its page: its title an h2 under the page's h1. */
  section?: boolean
  /** The "create" button beside the title. */
  create?: { label: string; onClick: () => void; testId?: string }
  /** Something else beside the title (a dialog's trigger), when the page's "create" is not a plain button. */
  titleAside?: ReactNode
  /** The filter row (FilterRow). */
  filters?: ListFilters
  /** What the filtered list sums up (totals, a chart), between the filter row and the table. */
  summary?: ReactNode
  /** The open editor: a card above the table, or a dialog (`dialog`). */
  editor?: { title: string; testId?: string; content: ReactNode; onClose: () => void; dialog?: boolean } | null
  list: { data?: { items: R[]; total: number }; isError: boolean; isFetching: boolean }
  columns: Column<R>[]
  rowKey: (r: R) => string | number
  page: number
  onPage: (p: number) => void
  /** What the empty list says (the kit's "nothing found" when not given). */
  empty?: string
}) {
  const t = empty ? (((key, params) => (key === 'p.empty' ? empty : pt(key, params))) as PT) : pt
  const createButton = create ? (
    <Button size="sm" variant="primary" onClick={create.onClick} data-testid={create.testId}>
      {create.label}
    </Button>
  ) : (
    titleAside
  )
  return (
    <>
      {section ? (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {createButton && <div className="ml-auto">{createButton}</div>}
        </div>
      ) : (
        <PageTitle aside={createButton}>{title}</PageTitle>
      )}
      {filters && <FilterRow pt={pt} {...filters} />}
      {summary}
      {editor &&
        (editor.dialog ? (
          <ActionDialog open onOpenChange={(v) => !v && editor.onClose()} title={editor.title}>
            <div data-testid={editor.testId}>{editor.content}</div>
          </ActionDialog>
        ) : (
          <Card title={editor.title} className="mb-4" testId={editor.testId}>
            {editor.content}
          </Card>
        ))}
      <PagedTable
        list={list}
        title={title}
        columns={columns}
        rowKey={rowKey}
        page={page}
        onPage={onPage}
        t={t}
        sort={sort}
        rowProps={rowProps}
      />
    </>
  )
}

/** A row's switch on / switch off button (lists with an `active` flag). */
export function ActiveToggle({
  pt,
  active,
  busy,
  onToggle,
}: {
  pt: PT
  active: boolean
  busy: boolean
  onToggle: () => void
}) {
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={onToggle}>
      {active ? pt('sp.deactivate') : pt('sp.activate')}
    </Button>
  )
}
