// /panel/users_lessons, users_levels, users_cities, users_districts, users_subdistricts: reference data
// (docs/api.md#admin-telephony), one page driven by the kind. The list shows the names in the
// edition's languages and the parent, with filters (text, active, the parent); the flags (active, and
// popular / school where the kind has them) are switches in the row, each one change_checkout call
// showing the server's answer. Create and edit in a dialog over the kind's own zod schema; delete asks
// first (the server refuses a row still in use).
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import type { ZReferenceEntity, ZReferenceListItem } from '../../common/schemas/admin/reference.schema'
import { EditorActions } from './EditorActions'
import { PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, usePT } from './text'
import { showError, showSuccess } from '../ui/Banner'
import { FieldError, Select, errorAt } from '../ui/Field'
import { Switch } from '../ui/Switch'
import { Form, FormCheckbox, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

export type ReferenceKind = 'city' | 'district' | 'subdistrict' | 'lesson' | 'level'
type Flag = 'active' | 'popular' | 'school'
type ParentKind = 'region' | 'city' | 'district' | 'lesson'
type Entity = z.infer<typeof ZReferenceEntity>
type Row = z.infer<typeof ZReferenceListItem>

/** What the page shows of a kind (the server's rules: server/domain/reference/reference.ts, KIND). */
const KINDS: Record<
  ReferenceKind,
  {
    flags: readonly Flag[]
    parent: { field: 'region_id' | 'city_id' | 'district_id' | 'lesson_id'; kind: ParentKind } | null
    text: boolean
  }
> = {
  city: { flags: ['active', 'popular'], parent: { field: 'region_id', kind: 'region' }, text: true },
  district: { flags: ['active'], parent: { field: 'city_id', kind: 'city' }, text: true },
  subdistrict: { flags: ['active'], parent: { field: 'district_id', kind: 'district' }, text: true },
  lesson: { flags: ['active', 'popular', 'school'], parent: null, text: true },
  level: { flags: ['active'], parent: { field: 'lesson_id', kind: 'lesson' }, text: false },
}

/** The screens of the route table and their kind. */
export const REFERENCE_SCREENS: Record<string, ReferenceKind> = {
  users_cities: 'city',
  users_districts: 'district',
  users_subdistricts: 'subdistrict',
  users_lessons: 'lesson',
  users_levels: 'level',
}

/** The calls of one kind; their inputs name the kind (`{city: {...}, city_id}`), hence one loose type here. */
interface KindCalls {
  create: { mutate: (i: Record<string, unknown>) => Promise<Entity> }
  save: { mutate: (i: Record<string, unknown>) => Promise<Entity> }
  delete: { mutate: (i: Record<string, unknown>) => Promise<{ id: number }> }
  changeCheckout: { mutate: (i: Record<string, unknown>) => Promise<Entity> }
}

type Option = { value: string; text: string }

/** The choices of a parent: active rows from the public reads (districts of one city). */
function useParentOptions(kind: ParentKind | undefined, cityId: string): Option[] {
  const regions = trpc.public.reference.regions.useQuery(undefined, { enabled: kind === 'region' })
  const cities = trpc.public.reference.allCities.useQuery(undefined, {
    enabled: kind === 'city' || kind === 'district',
  })
  const districts = trpc.public.reference.allDistricts.useQuery(
    { city_id: Number(cityId) },
    { enabled: kind === 'district' && !!cityId },
  )
  const lessons = trpc.public.reference.allSubjects.useQuery(undefined, { enabled: kind === 'lesson' })
  if (kind === 'region') return (regions.data ?? []).map((r) => ({ value: String(r.id), text: r.name }))
  if (kind === 'city') return (cities.data ?? []).map((c) => ({ value: String(c.id), text: c.text }))
  if (kind === 'district')
    return cityId ? (districts.data ?? []).map((d) => ({ value: String(d.id), text: d.text })) : []
  if (kind === 'lesson') return (lessons.data ?? []).map((l) => ({ value: String(l.id), text: l.text }))
  return []
}

function useCityOptions(on: boolean): Option[] {
  const cities = trpc.public.reference.allCities.useQuery(undefined, { enabled: on })
  return (cities.data ?? []).map((c) => ({ value: String(c.id), text: c.text }))
}

const flagLabel = (pt: PT, f: Flag) => pt(`ref.flag.${f}`)

function ReferenceForm({
  kind,
  row,
  pt,
  cityId,
  onDone,
}: {
  kind: ReferenceKind
  row: Row | null
  pt: PT
  cityId: string
  onDone: () => void
}) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const cfg = KINDS[kind]
  const calls = utils.client.admin.reference[kind] as unknown as KindCalls
  const parentField = cfg.parent?.field
  const [city, setCity] = useState(cityId)
  const cities = useCityOptions(kind === 'subdistrict')
  const defaults = {
    alias: row?.alias ?? '',
    names: Object.fromEntries(edition.locales.map((l) => [l, row?.names[l] ?? ''])),
    sort: String(row?.sort ?? 0),
    active: row?.active ?? true,
    ...(cfg.flags.includes('popular') ? { popular: row?.popular ?? false } : {}),
    ...(cfg.flags.includes('school') ? { school: row?.school ?? false } : {}),
    ...(cfg.text ? { text: row?.text ?? '' } : {}),
    ...(parentField ? { [parentField]: row?.[parentField] != null ? String(row[parentField]) : '' } : {}),
  }
  const { form, submit, pending } = useActionForm(
    // One form for five kinds: the schema is the kind's, so the values are the defaults' fields.
    (): Promise<z.ZodType> =>
      import('../../common/schemas/admin/reference.schema').then(
        (m) =>
          ({ city: m.ZCity, district: m.ZDistrict, subdistrict: m.ZSubdistrict, lesson: m.ZLesson, level: m.ZLevel })[
            kind
          ],
      ),
    {
      defaults,
      action: (v) => {
        const entity = {
          ...v,
          ...(parentField === 'region_id' && !(v as unknown as Record<string, string>).region_id
            ? { region_id: null }
            : {}),
        }
        return row
          ? calls.save.mutate({ [kind]: entity, [`${kind}_id`]: row.id })
          : calls.create.mutate({ [kind]: entity })
      },
      success: row ? pt('p.saved') : pt('ref.created'),
      onDone: async () => {
        await utils.admin.reference[kind].list.invalidate()
        onDone()
      },
    },
  )
  // The server's "names" error (the edition's language is missing) goes once a name is typed.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name?.startsWith('names.')) form.clearErrors('names')
    })
    return () => sub.unsubscribe()
  }, [form])
  const options = useParentOptions(cfg.parent?.kind, city)
  // The row's parent may be inactive (the public reads list active rows only): it stays a choice.
  const current =
    row && parentField && row[parentField] != null
      ? { value: String(row[parentField]), text: row.parent_name || `#${row[parentField]}` }
      : null
  const parentOptions = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-700">{pt('ref.names')}</legend>
        {edition.locales.map((l) => (
          <FormTextField
            key={l}
            size="sm"
            name={`names.${l}`}
            id={`ref-name-${l}`}
            label={`${pt('ref.name')} (${l.toUpperCase()})`}
          />
        ))}
        <FieldError id="ref-names-error" message={errorAt(form.formState.errors, 'names')} size="sm" />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField
          size="sm"
          name="alias"
          id="ref-alias"
          label={pt('ref.alias')}
          hint={pt('ref.alias_hint')}
          autoComplete="off"
        />
        <FormTextField size="sm" name="sort" id="ref-sort" type="number" label={pt('ref.sort')} />
      </div>
      {kind === 'subdistrict' && (
        <Select
          size="sm"
          id="ref-city"
          label={pt('ref.parent.city')}
          value={city}
          onChange={(e) => setCity(e.target.value)}
          options={[{ value: '', text: pt('ref.choose') }, ...cities]}
        />
      )}
      {cfg.parent && parentField && (
        <FormSelect
          size="sm"
          name={parentField}
          id="ref-parent"
          label={pt(`ref.parent.${cfg.parent.kind}`)}
          options={[
            { value: '', text: cfg.parent.kind === 'region' ? pt('ref.no_region') : pt('ref.choose') },
            ...parentOptions,
          ]}
        />
      )}
      {cfg.text && <FormTextArea size="sm" name="text" id="ref-text" rows={4} label={pt('ref.text')} />}
      <div className="flex flex-wrap gap-4">
        {cfg.flags.map((f) => (
          <FormCheckbox key={f} name={f} label={flagLabel(pt, f)} />
        ))}
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="reference-save" />
    </Form>
  )
}

const NO_FILTERS = { text: '', active: '', region_id: '', city_id: '', district_id: '', lesson_id: '' }

export function ReferencePage({ kind, title }: { kind: ReferenceKind; title: string }) {
  const pt = usePT()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const cfg = KINDS[kind]
  const f = useUrlFilters(NO_FILTERS)
  const filters = {
    ...(f.filters.text ? { text: f.filters.text } : {}),
    ...(f.filters.active ? { active: f.filters.active === '1' } : {}),
    ...Object.fromEntries(
      (['region_id', 'city_id', 'district_id', 'lesson_id'] as const)
        .filter((k) => f.filters[k])
        .map((k) => [k, Number(f.filters[k])]),
    ),
  }
  const [editing, setEditing] = useEditing<Row>()
  const list = trpc.admin.reference[kind].list.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const calls = utils.client.admin.reference[kind] as unknown as KindCalls
  const refresh = () => utils.admin.reference[kind].list.invalidate()
  const remove = async (r: Row) => {
    try {
      await calls.delete.mutate({ [`${kind}_id`]: r.id })
      showSuccess(pt('ref.deleted'))
      await refresh()
    } catch (e) {
      showError(e)
    }
  }
  const toggle = async (r: Row, field: Flag, value: boolean) => {
    try {
      const saved = await calls.changeCheckout.mutate({ [`${kind}_id`]: r.id, field, value: value ? 1 : 0 })
      showSuccess(pt(saved[field] ? 'ref.flag_on' : 'ref.flag_off', { flag: flagLabel(pt, field), name: saved.name }))
      await refresh()
    } catch (e) {
      showError(e)
    }
  }

  // Filters by parent: the city (districts, subdistricts), the district (subdistricts), the subject (levels), the region (cities).
  const wantsCity = kind === 'district' || kind === 'subdistrict'
  const cities = useCityOptions(wantsCity)
  const parentOptions = useParentOptions(
    kind === 'city' ? 'region' : kind === 'level' ? 'lesson' : kind === 'subdistrict' ? 'district' : undefined,
    f.draft.city_id,
  )

  const columns: Column<Row>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    ...edition.locales.map(
      (l): Column<Row> => ({
        key: `name-${l}`,
        header: `${pt('ref.name')} (${l.toUpperCase()})`,
        cell: (r) =>
          r.names[l] ? (
            <span className={l === edition.defaultLocale ? 'font-medium' : ''}>{r.names[l]}</span>
          ) : (
            <span className="text-slate-400">—</span>
          ),
      }),
    ),
    { key: 'alias', header: pt('ref.alias'), cell: (r) => <code className="text-xs break-all">{r.alias}</code> },
    ...(cfg.parent
      ? [{ key: 'parent', header: pt(`ref.parent.${cfg.parent.kind}`), cell: (r: Row) => r.parent_name || '—' }]
      : []),
    {
      key: 'sort',
      header: pt('ref.sort'),
      cell: (r) => <span className="tabular-nums">{r.sort}</span>,
      className: 'w-16',
    },
    ...cfg.flags.map(
      (flag): Column<Row> => ({
        key: flag,
        header: flagLabel(pt, flag),
        className: 'w-20',
        cell: (r) => (
          <Switch
            checked={!!r[flag]}
            label={`${flagLabel(pt, flag)}: ${r.name}`}
            onChange={(v) => toggle(r, flag, v)}
            testId={`ref-${flag}-${r.id}`}
          />
        ),
      }),
    ),
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`reference-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('ref.delete_q', { name: r.name }),
          description: pt('ref.delete_text'),
          onConfirm: () => remove(r),
        }}
      />
    )),
  ]

  const parentFilter =
    kind === 'city' ? (
      <Select
        size="sm"
        id="rf-region"
        label={pt('ref.parent.region')}
        value={f.draft.region_id}
        onChange={(e) => f.set('region_id')(e.target.value)}
        options={[{ value: '', text: pt('p.any') }, ...parentOptions]}
      />
    ) : kind === 'level' ? (
      <Select
        size="sm"
        id="rf-lesson"
        label={pt('ref.parent.lesson')}
        value={f.draft.lesson_id}
        onChange={(e) => f.set('lesson_id')(e.target.value)}
        options={[{ value: '', text: pt('p.any') }, ...parentOptions]}
      />
    ) : wantsCity ? (
      <>
        <Select
          size="sm"
          id="rf-city"
          label={pt('ref.parent.city')}
          value={f.draft.city_id}
          onChange={(e) => {
            f.set('city_id')(e.target.value)
            f.set('district_id')('')
          }}
          options={[{ value: '', text: pt('p.any') }, ...cities]}
        />
        {kind === 'subdistrict' && (
          <Select
            size="sm"
            id="rf-district"
            label={pt('ref.parent.district')}
            value={f.draft.district_id}
            disabled={!f.draft.city_id}
            onChange={(e) => f.set('district_id')(e.target.value)}
            options={[{ value: '', text: pt('p.any') }, ...parentOptions]}
          />
        )}
      </>
    ) : null

  return (
    <PanelList
      pt={pt}
      title={title}
      create={{ label: pt('ref.create'), onClick: () => setEditing('new'), testId: 'reference-create' }}
      filters={{
        cols: kind === 'subdistrict' ? 'md:grid-cols-6' : 'md:grid-cols-5',
        onApply: () => f.apply(),
        onReset: f.reset,
        fields: (
          <>
            <SearchFilter id="rf-text" label={pt('p.search')} value={f.draft.text} onChange={f.set('text')} />
            {parentFilter}
            <FlagFilter
              id="rf-active"
              label={flagLabel(pt, 'active')}
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
          title: editing === 'new' ? pt('ref.create') : pt('ref.edit_title', { name: editing.name }),
          testId: 'reference-form',
          onClose: () => setEditing(null),
          content: (
            <ReferenceForm
              key={editing === 'new' ? 'new' : editing.id}
              kind={kind}
              row={editing === 'new' ? null : editing}
              pt={pt}
              cityId={f.filters.city_id ?? ''}
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
      empty={pt('ref.empty')}
    />
  )
}
