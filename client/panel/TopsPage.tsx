// /panel/users_tops: paid TOP placements (docs/api.md#admin-tops-and-school-transfer): a tutor on top of a
// subject in a city or online for a period. The list filters by subject, city / online and whether
// the placement runs now; create, edit and delete. The server checks the placement rules (the tutor
// teaches the subject there, at most 10 per city slot and 20 online) and answers under the fields.
import type { z } from 'zod'
import type { ZTopListAnswer } from '../../common/schemas/admin/catalogue.schema'
import { EditorActions } from './EditorActions'
import { PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelDay } from './text'
import { Badge } from '../ui/Badge'
import { Select } from '../ui/Field'
import { Form, FormSelect, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { type Column, FlagFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'

type Top = z.infer<typeof ZTopListAnswer>['items'][number]

/** A placement runs from the start of its first day to the end of its last (UTC). */
const dayStart = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T00:00:00Z` : d)
const dayEnd = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T23:59:59Z` : d)
const today = () => new Date().toISOString().slice(0, 10)
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

function useOptions() {
  const lessons = trpc.public.reference.allSubjects.useQuery()
  const cities = trpc.public.reference.allCities.useQuery()
  return {
    lessons: (lessons.data ?? []).map((l) => ({ value: String(l.id), text: l.text })),
    cities: (cities.data ?? []).map((c) => ({ value: String(c.id), text: c.text })),
  }
}

function TopForm({ row, pt, onDone }: { row: Top | null; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.tops
  const { lessons, cities } = useOptions()
  const withRow = (list: { value: string; text: string }[], id: number | null | undefined, text: string) =>
    id && !list.some((o) => o.value === String(id)) ? [{ value: String(id), text }, ...list] : list
  const { form, submit, pending } = useActionForm(
    // The procedure's schema, over the form's days (a placement's times are whole days).
    () =>
      Promise.all([import('zod'), import('../../common/schemas/admin/catalogue.schema')]).then(([{ z }, m]) =>
        z.preprocess((v) => {
          const f = v as { starts_at: string; ends_at: string }
          return { ...f, starts_at: dayStart(f.starts_at), ends_at: dayEnd(f.ends_at) }
        }, m.ZTopInput),
      ),
    {
      defaults: {
        tutor_id: row ? String(row.tutor_id) : '',
        lesson_id: row ? String(row.lesson_id) : '',
        city_id: row?.city_id ? String(row.city_id) : '',
        starts_at: row ? row.starts_at.slice(0, 10) : today(),
        ends_at: row ? row.ends_at.slice(0, 10) : inDays(30),
        paid_amount: String(row?.paid_amount ?? 0),
      },
      action: (v) => {
        const top = { ...v, starts_at: dayStart(v.starts_at), ends_at: dayEnd(v.ends_at) }
        return row ? c.save.mutate({ ...top, id: row.id } as never) : c.create.mutate(top as never)
      },
      success: row ? pt('p.saved') : pt('top.created'),
      onDone: async () => {
        await utils.admin.tops.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <FormTextField
        size="sm"
        name="tutor_id"
        id="top-tutor"
        inputMode="numeric"
        label={pt('top.tutor_id')}
        hint={row ? row.tutor_name : undefined}
      />
      <FormSelect
        size="sm"
        name="lesson_id"
        id="top-lesson"
        label={pt('top.lesson')}
        options={[{ value: '', text: pt('ref.choose') }, ...withRow(lessons, row?.lesson_id, row?.lesson_name ?? '')]}
      />
      <FormSelect
        size="sm"
        name="city_id"
        id="top-city"
        label={pt('top.place')}
        options={[{ value: '', text: pt('top.online') }, ...withRow(cities, row?.city_id, row?.city_name ?? '')]}
      />
      <FormTextField size="sm" name="paid_amount" id="top-paid" type="number" min={0} label={pt('top.paid')} />
      <FormTextField size="sm" name="starts_at" id="top-starts" type="date" label={pt('top.starts')} />
      <FormTextField size="sm" name="ends_at" id="top-ends" type="date" label={pt('top.ends')} />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} className="sm:col-span-2" saveTestId="top-save" />
    </Form>
  )
}

const NO_FILTERS = { lesson_id: '', place: '', active: '' }

export function TopsPage({ title }: { title: string }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const { lessons, cities } = useOptions()
  const place = f.filters.place
  const filters = {
    ...(f.filters.lesson_id ? { lesson_id: Number(f.filters.lesson_id) } : {}),
    ...(place === 'online' ? { online: true } : place ? { city_id: Number(place) } : {}),
    ...(f.filters.active ? { active: f.filters.active === '1' } : {}),
  }
  const [editing, setEditing] = useEditing<Top>()
  const list = trpc.admin.tops.list.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const del = trpc.admin.tops.delete.useMutation(
    announceAndRefresh(pt('top.deleted'), () => utils.admin.tops.list.invalidate()),
  )
  // A placement's times are whole UTC days (dayStart, dayEnd): read on UTC, the day typed is the day shown.
  const day = usePanelDay('UTC')

  const columns: Column<Top>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'tutor',
      header: pt('top.tutor'),
      cell: (r) => (
        <a
          href={`/panel/users_show/${r.tutor_id}`}
          className="font-medium text-brand-dark underline underline-offset-2"
        >
          {r.tutor_name || `#${r.tutor_id}`}
        </a>
      ),
    },
    { key: 'lesson', header: pt('top.lesson'), cell: (r) => r.lesson_name },
    {
      key: 'place',
      header: pt('top.place'),
      cell: (r) => (r.city_id ? r.city_name : <Badge tone="blue">{pt('top.online')}</Badge>),
    },
    {
      key: 'period',
      header: pt('top.period'),
      cell: (r) => `${day(r.starts_at)} — ${day(r.ends_at)}`,
      className: 'whitespace-nowrap',
    },
    { key: 'paid', header: pt('top.paid'), cell: (r) => <span className="tabular-nums">{r.paid_amount}</span> },
    {
      key: 'active',
      header: pt('top.active'),
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
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`top-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('top.delete_q', { name: r.tutor_name || `#${r.tutor_id}` }),
          description: pt('top.delete_text'),
          onConfirm: () => del.mutateAsync({ id: r.id }),
        }}
      />
    )),
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      create={{ label: pt('top.create'), onClick: () => setEditing('new'), testId: 'top-create' }}
      filters={{
        onApply: () => f.apply(),
        onReset: f.reset,
        fields: (
          <>
            <Select
              size="sm"
              id="tf-lesson"
              label={pt('top.lesson')}
              value={f.draft.lesson_id}
              onChange={(e) => f.set('lesson_id')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, ...lessons]}
            />
            <Select
              size="sm"
              id="tf-place"
              label={pt('top.place')}
              value={f.draft.place}
              onChange={(e) => f.set('place')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, { value: 'online', text: pt('top.online') }, ...cities]}
            />
            <FlagFilter
              id="tf-active"
              label={pt('top.active')}
              value={f.draft.active}
              onChange={f.set('active')}
              t={pt}
            />
          </>
        ),
      }}
      editor={
        editing && {
          dialog: true,
          title: editing === 'new' ? pt('top.create') : pt('top.edit_title', { id: editing.id }),
          testId: 'top-form',
          onClose: () => setEditing(null),
          content: (
            <TopForm
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
      empty={pt('top.empty')}
    />
  )
}
