import { Link } from 'wouter'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import { trpc } from '../lib/trpc'
import { unitsText } from '../../common/money'
import { AddTutorDialog } from './AddTutorDialog'
import { type ListSorting, PanelList, useUrlFilters } from './PanelList'
import type { TutorSort } from '../../common/schemas/admin/tutors.schema'
import { type PT, usePT } from './text'
import { Badge } from '../ui/Badge'
import { Select } from '../ui/Field'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'

type Out = inferRouterOutputs<AppRouter>
export type TutorRow = Out['admin']['tutors']['list']['items'][number]

const FLAGS = ['published', 'active', 'verified', 'school', 'favorite', 'candidate'] as const
type Flag = (typeof FLAGS)[number]
type Filters = {
  text: string
  status: string
  deleted: string
  published: string
  active: string
  verified: string
  school: string
  favorite: string
  candidate: string
}
const NO_FILTERS: Filters = {
  text: '',
  status: '',
  deleted: '',
  published: '',
  active: '',
  verified: '',
  school: '',
  favorite: '',
  candidate: '',
}

/** The sortable columns (the server's TUTOR_SORTS) and the list's own order: newest id first. */
const SORTING: ListSorting<TutorSort> = { keys: ['id', 'name', 'email', 'status'], sort: 'id', dir: 'desc' }

export const TUTOR_STATUSES = [1, 2, 6] as const

export function statusText(pt: PT, status: number): string {
  return (TUTOR_STATUSES as readonly number[]).includes(status) ? pt(`t.status.${status as 1 | 2 | 6}`) : String(status)
}

/** A tutor's balance as the edition writes amounts ("19 600 PLN"). */
export function money(w: { balance: string | number; currency: string }): string {
  return unitsText(w.balance, w.currency)
}

export function TutorFlags({
  t,
  pt,
}: {
  t: Pick<TutorRow, 'published' | 'active' | 'verified' | 'school' | 'favorite' | 'deleted_at' | 'anonymized'> & {
    candidate?: number
  }
  pt: PT
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {t.published ? (
        <Badge tone="green">{pt('t.flag.published')}</Badge>
      ) : (
        <Badge tone="grey">{pt('t.flag.unpublished')}</Badge>
      )}
      {!t.active && <Badge tone="amber">{pt('t.flag.inactive')}</Badge>}
      {!!t.verified && <Badge tone="blue">{pt('t.flag.verified')}</Badge>}
      {!!t.school && <Badge tone="blue">{pt('t.flag.school')}</Badge>}
      {!!t.favorite && <Badge tone="amber">{pt('t.flag.favorite')}</Badge>}
      {!!t.candidate && <Badge tone="blue">{pt('t.flag.candidate')}</Badge>}
      {t.deleted_at && <Badge tone="red">{pt('t.flag.deleted')}</Badge>}
      {!!t.anonymized && <Badge tone="red">{pt('t.flag.anonymized')}</Badge>}
    </span>
  )
}

function toInput(f: Partial<Filters>) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''))
}

export function TutorsList({ title }: { title: string }) {
  const pt = usePT()
  // The filters live in the address (the desktop links here with ?status=1&published=0).
  const { draft, set, filters, page, setPage, apply, reset, sort, sortInput } = useUrlFilters(NO_FILTERS, SORTING)
  const list = trpc.admin.tutors.list.useQuery(
    { page, filters: toInput(filters as Partial<Filters>), ...sortInput },
    { placeholderData: (prev) => prev },
  )
  const flagLabel: Record<Flag, string> = {
    published: pt('t.published'),
    active: pt('t.active'),
    verified: pt('t.verified'),
    school: pt('t.school'),
    favorite: pt('t.favorite'),
    candidate: pt('t.candidate'),
  }

  const columns: Column<TutorRow>[] = [
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
        <Link href={`/panel/users_show/${r.id}`} className="font-medium text-sky-800 hover:underline">
          {r.name || '—'}
        </Link>
      ),
    },
    { key: 'email', sort: 'email', header: pt('p.email'), cell: (r) => r.email ?? '—' },
    { key: 'phone', header: pt('p.phone'), cell: (r) => r.phone ?? '—', className: 'tabular-nums' },
    { key: 'status', sort: 'status', header: pt('p.status'), cell: (r) => statusText(pt, r.status) },
    { key: 'flags', header: pt('t.flags'), cell: (r) => <TutorFlags t={r} pt={pt} /> },
    {
      key: 'balance',
      header: pt('t.balance'),
      cell: (r) => money(r.wallet),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      titleAside={<AddTutorDialog pt={pt} />}
      filters={{
        cols: 'md:grid-cols-4 xl:grid-cols-10',
        buttonsBelow: true,
        onApply: () => apply(),
        onReset: reset,
        fields: (
          <>
            <SearchFilter
              id="tf-text"
              label={pt('p.search')}
              placeholder={pt('p.search_hint')}
              value={draft.text}
              onChange={set('text')}
            />
            <Select
              size="sm"
              id="tf-status"
              label={pt('p.status')}
              value={draft.status}
              onChange={(e) => set('status')(e.target.value)}
              options={[
                { value: '', text: pt('p.any') },
                ...TUTOR_STATUSES.map((s) => ({ value: String(s), text: statusText(pt, s) })),
              ]}
            />
            {FLAGS.map((f) => (
              <FlagFilter key={f} id={`tf-${f}`} label={flagLabel[f]} value={draft[f]} onChange={set(f)} t={pt} />
            ))}
            <FlagFilter
              id="tf-deleted"
              label={pt('p.deleted')}
              value={draft.deleted}
              onChange={set('deleted')}
              t={pt}
            />
          </>
        ),
      }}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={page}
      onPage={setPage}
      sort={sort}
    />
  )
}
