// The SEO screens (docs/api.md#admin-seo):
// - /panel/core_files: robots.txt (empty: the default one is served) and metatags per page path
//   (title, description, h1 per language; the server-rendered head prefers them), and the short links
//   /link/redirect?code=… with their allowed sites (LinksPanel.tsx);
// - /panel/users_filter_combinations: the catalogue's texts per chosen filters (subject, and city
//   and district, or online): h1, title, meta description and the h2 text, one per language.
import { useState } from 'react'
import type { z } from 'zod'
import type { Locale } from '../../common/editions'
import type { ZPageMetatagsRow, ZSeoTextsAnswer } from '../../common/schemas/admin/catalogue.schema'
import { EditorActions } from './EditorActions'
import { LinksList } from './LinksPanel'
import { FilterRow, PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT } from './text'
import { Badge } from '../ui/Badge'
import { Button } from '../ui/Button'
import { Card, PageTitle } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { Loading } from '../ui/State'
import { Form, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

type PageMetatags = z.infer<typeof ZPageMetatagsRow>
type SeoText = Omit<z.infer<typeof ZSeoTextsAnswer>[number], 'chosen_filters'>

const localeOptions = (locales: readonly Locale[]) => locales.map((l) => ({ value: l, text: l.toUpperCase() }))

// ---- robots.txt ----------------------------------------------------------------------------

function RobotsCard({ pt }: { pt: PT }) {
  const utils = trpc.useUtils()
  const files = trpc.admin.seo.coreFiles.useQuery()
  if (!files.data) return <Loading text={pt('panel.loading')} />
  return (
    <RobotsForm
      key={files.data.robots_txt ?? ''}
      pt={pt}
      robots={files.data.robots_txt}
      onSaved={() => utils.admin.seo.coreFiles.invalidate()}
    />
  )
}

function RobotsForm({ pt, robots, onSaved }: { pt: PT; robots: string | null; onSaved: () => Promise<unknown> }) {
  const utils = trpc.useUtils()
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/catalogue.schema').then((m) => m.ZCoreFiles.shape.seo_resources),
    {
      defaults: { robots_txt: robots ?? '' },
      // An empty file: the default robots.txt is served.
      action: (v) =>
        utils.client.admin.seo.saveCoreFiles.mutate({
          seo_resources: { robots_txt: v.robots_txt.trim() ? v.robots_txt : null },
        }),
      success: pt('p.saved'),
      onDone: onSaved,
    },
  )
  return (
    <Card
      title="robots.txt"
      id="robots"
      className="mb-6"
      testId="robots-card"
      aside={
        <a
          href="/robots.txt"
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-brand-dark underline underline-offset-2"
        >
          {pt('seo.open')}
        </a>
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
        <FormTextArea
          size="sm"
          name="robots_txt"
          id="seo-robots"
          rows={8}
          label={pt('seo.robots')}
          hint={pt('seo.robots_hint')}
          className="font-mono text-xs"
        />
        <div>
          <Button size="sm" type="submit" variant="primary" disabled={pending} data-testid="robots-save">
            {pt('p.save')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

// ---- page metatags -------------------------------------------------------------------------

function MetatagsForm({ row, pt, onDone }: { row: PageMetatags | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.seo
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/catalogue.schema').then((m) => m.ZPageMetatagsCreate.shape.page_metatags),
    {
      defaults: {
        path: row?.path ?? '/',
        locale: row?.locale ?? edition.defaultLocale,
        title: row?.title ?? '',
        description: row?.description ?? '',
        h1: row?.h1 ?? '',
      },
      action: (v) => {
        const m = { ...v, locale: v.locale as Locale }
        return row
          ? c.pageMetatagsSave.mutate({ seo_page_metatags_id: row.seo_page_metatags_id, page_metatags: m })
          : c.pageMetatagsCreate.mutate({ page_metatags: m })
      },
      success: row ? pt('p.saved') : pt('seo.meta_created'),
      onDone: async () => {
        await utils.admin.seo.pageMetatagsList.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
      <FormTextField
        size="sm"
        name="path"
        id="meta-path"
        label={pt('seo.path')}
        hint={pt('seo.path_hint')}
        className="sm:col-span-2"
        autoComplete="off"
      />
      <FormSelect
        size="sm"
        name="locale"
        id="meta-locale"
        label={pt('seo.locale')}
        options={localeOptions(edition.locales)}
      />
      <FormTextField size="sm" name="title" id="meta-title" label={pt('seo.title')} className="sm:col-span-3" />
      <FormTextField size="sm" name="h1" id="meta-h1" label={pt('seo.h1')} className="sm:col-span-3" />
      <div className="sm:col-span-3">
        <FormTextArea size="sm" name="description" id="meta-description" rows={3} label={pt('seo.description')} />
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} className="sm:col-span-3" saveTestId="meta-save" />
    </Form>
  )
}

function MetatagsList({ pt }: { pt: PT }) {
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const [editing, setEditing] = useEditing<PageMetatags>()
  const list = trpc.admin.seo.pageMetatagsList.useQuery({ page: f.page }, { placeholderData: (prev) => prev })
  const del = trpc.admin.seo.pageMetatagsDelete.useMutation(
    announceAndRefresh(pt('seo.meta_deleted'), () => utils.admin.seo.pageMetatagsList.invalidate()),
  )
  const columns: Column<PageMetatags>[] = [
    { key: 'path', header: pt('seo.path'), cell: (r) => <code className="text-xs break-all">{r.path}</code> },
    {
      key: 'locale',
      header: pt('seo.locale'),
      cell: (r) => <Badge tone="slate">{r.locale.toUpperCase()}</Badge>,
      className: 'w-16',
    },
    { key: 'title', header: pt('seo.title'), cell: (r) => <span className="line-clamp-2">{r.title || '—'}</span> },
    { key: 'h1', header: pt('seo.h1'), cell: (r) => <span className="line-clamp-2">{r.h1 || '—'}</span> },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`meta-actions-${r.seo_page_metatags_id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('seo.meta_delete_q', { path: r.path }),
          description: pt('seo.meta_delete_text'),
          onConfirm: () => del.mutateAsync({ seo_page_metatags_id: r.seo_page_metatags_id }),
        }}
      />
    )),
  ]
  return (
    <section>
      <PanelList
        pt={pt}
        section
        title={pt('seo.metatags')}
        create={{ label: pt('seo.meta_create'), onClick: () => setEditing('new'), testId: 'meta-create' }}
        editor={
          editing && {
            dialog: true,
            title: editing === 'new' ? pt('seo.meta_create') : pt('seo.meta_edit', { path: editing.path }),
            testId: 'meta-form',
            onClose: () => setEditing(null),
            content: (
              <MetatagsForm
                key={editing === 'new' ? 'new' : editing.seo_page_metatags_id}
                row={editing === 'new' ? null : editing}
                pt={pt}
                onDone={() => setEditing(null)}
              />
            ),
          }
        }
        list={list}
        columns={columns}
        rowKey={(r) => r.seo_page_metatags_id}
        page={f.page}
        onPage={f.setPage}
        empty={pt('seo.meta_empty')}
      />
    </section>
  )
}

const NO_FILTERS = {}

export function CoreFilesPage({ title }: { title: string }) {
  const pt = usePT()
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <RobotsCard pt={pt} />
      <MetatagsList pt={pt} />
      <LinksList pt={pt} />
    </>
  )
}

// ---- texts per filter combination ------------------------------------------------------------

type Chosen = { lesson: string; city?: string; district?: string; online?: boolean }

function SeoTextForm({
  chosen,
  row,
  locales,
  pt,
  onDone,
}: {
  chosen: Chosen
  row: SeoText | null
  locales: Locale[]
  pt: PT
  onDone: () => void
}) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.seo
  const { form, submit, pending } = useActionForm(
    () =>
      import('../../common/schemas/admin/catalogue.schema').then((m) =>
        row ? m.ZSeoTextSave.shape.catalog_metatags : m.ZSeoTextCreate.shape.catalog_metatags,
      ),
    {
      defaults: {
        locale: row?.locale ?? locales[0] ?? 'ua',
        h1: row?.h1 ?? '',
        title: row?.title ?? '',
        metad: row?.metad ?? '',
        h2text: row?.h2text ?? '',
      },
      action: ({ locale, ...m }) =>
        row
          ? c.saveText.mutate({ h2text_id: row.h2text_id, catalog_metatags: m })
          : c.createText.mutate({ chosen_filters: chosen, catalog_metatags: { ...m, locale: locale as Locale } }),
      success: row ? pt('p.saved') : pt('seo.text_created'),
      onDone: async () => {
        await utils.admin.seo.texts.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 md:grid-cols-3">
      {row ? (
        <p className="text-sm text-slate-600">
          {pt('seo.locale')}: <Badge tone="slate">{row.locale.toUpperCase()}</Badge>
        </p>
      ) : (
        <FormSelect
          size="sm"
          name="locale"
          id="text-locale"
          label={pt('seo.locale')}
          options={localeOptions(locales)}
        />
      )}
      <FormTextField size="sm" name="h1" id="text-h1" label={pt('seo.h1')} className="md:col-span-2" />
      <FormTextField size="sm" name="title" id="text-title" label={pt('seo.title')} className="md:col-span-3" />
      <div className="md:col-span-3">
        <FormTextArea size="sm" name="metad" id="text-metad" rows={2} label={pt('seo.description')} />
      </div>
      <div className="md:col-span-3">
        <FormTextArea
          size="sm"
          name="h2text"
          id="text-h2text"
          rows={8}
          label={pt('seo.h2text')}
          hint={pt('seo.h2text_hint')}
        />
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} className="md:col-span-3" saveTestId="text-save" />
    </Form>
  )
}

const NO_CHOICE = { lesson: '', city: '', district: '', online: '' }

export function SeoTextsPage({ title }: { title: string }) {
  const pt = usePT()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_CHOICE)
  const lessons = trpc.public.reference.allSubjects.useQuery()
  const cities = trpc.public.reference.allCities.useQuery()
  const cityId = cities.data?.find((c) => c.alias === f.draft.city)?.id
  const districts = trpc.public.reference.allDistricts.useQuery({ city_id: cityId ?? 0 }, { enabled: !!cityId })
  const chosen: Chosen | null = f.filters.lesson
    ? {
        lesson: f.filters.lesson,
        ...(f.filters.online === '1'
          ? { online: true }
          : {
              ...(f.filters.city ? { city: f.filters.city } : {}),
              ...(f.filters.district ? { district: f.filters.district } : {}),
            }),
      }
    : null
  const texts = trpc.admin.seo.texts.useQuery({ chosen_filters: chosen ?? { lesson: '-' } }, { enabled: !!chosen })
  const [editing, setEditing] = useState<SeoText | 'new' | null>(null)
  const del = trpc.admin.seo.deleteText.useMutation(
    announceAndRefresh(pt('seo.text_deleted'), () => utils.admin.seo.texts.invalidate()),
  )
  const taken = new Set((texts.data ?? []).map((t) => t.locale))
  const free = edition.locales.filter((l) => !taken.has(l))
  const any = [{ value: '', text: pt('p.any') }]
  const online = f.draft.online === '1'

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <FilterRow
        pt={pt}
        cols="md:grid-cols-5"
        applyLabel={pt('seo.show')}
        onApply={() => {
          setEditing(null)
          f.apply()
        }}
        fields={
          <>
            <Select
              size="sm"
              id="sf-lesson"
              label={pt('top.lesson')}
              value={f.draft.lesson}
              onChange={(e) => f.set('lesson')(e.target.value)}
              options={[
                { value: '', text: pt('ref.choose') },
                ...(lessons.data ?? []).map((l) => ({ value: l.alias, text: l.text })),
              ]}
            />
            <Select
              size="sm"
              id="sf-online"
              label={pt('seo.format')}
              value={f.draft.online}
              onChange={(e) => f.set('online')(e.target.value)}
              options={[
                { value: '', text: pt('seo.offline') },
                { value: '1', text: pt('top.online') },
              ]}
            />
            <Select
              size="sm"
              id="sf-city"
              label={pt('ref.parent.city')}
              value={f.draft.city}
              disabled={online}
              onChange={(e) => {
                f.set('city')(e.target.value)
                f.set('district')('')
              }}
              options={[...any, ...(cities.data ?? []).map((c) => ({ value: c.alias, text: c.text }))]}
            />
            <Select
              size="sm"
              id="sf-district"
              label={pt('ref.parent.district')}
              value={f.draft.district}
              disabled={online || !cityId}
              onChange={(e) => f.set('district')(e.target.value)}
              options={[...any, ...(districts.data ?? []).map((d) => ({ value: d.alias, text: d.text }))]}
            />
          </>
        }
      />
      {!chosen ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
          {pt('seo.choose_filters')}
        </p>
      ) : texts.isError ? (
        <p className="rounded-xl bg-white p-6 text-red-700 shadow-sm ring-1 ring-slate-200">{pt('seo.bad_filters')}</p>
      ) : !texts.data ? (
        <Loading text={pt('panel.loading')} />
      ) : (
        <div className="flex flex-col gap-4" data-testid="seo-texts">
          {editing && (
            <Card
              title={
                editing === 'new'
                  ? pt('seo.text_create')
                  : pt('seo.text_edit', { locale: editing.locale.toUpperCase() })
              }
              testId="text-form"
            >
              <SeoTextForm
                key={editing === 'new' ? 'new' : editing.h2text_id}
                chosen={chosen}
                row={editing === 'new' ? null : editing}
                locales={free}
                pt={pt}
                onDone={() => setEditing(null)}
              />
            </Card>
          )}
          {texts.data.length === 0 && (
            <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
              {pt('seo.no_texts')}
            </p>
          )}
          {texts.data.map((t) => (
            <Card
              key={t.h2text_id}
              title={t.h1 || t.title || '—'}
              aside={<Badge tone="slate">{t.locale.toUpperCase()}</Badge>}
              testId={`seo-text-${t.locale}`}
            >
              <dl className="grid gap-1 text-sm text-slate-700 md:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-slate-500">{pt('seo.title')}</dt>
                <dd>{t.title || '—'}</dd>
                <dt className="font-medium text-slate-500">{pt('seo.description')}</dt>
                <dd>{t.metad || '—'}</dd>
                <dt className="font-medium text-slate-500">{pt('seo.h2text')}</dt>
                <dd className="line-clamp-4 whitespace-pre-line">{t.h2text || '—'}</dd>
              </dl>
              <div className="mt-3 flex gap-1.5">
                <Button size="sm" variant="secondary" onClick={() => setEditing(t)}>
                  {pt('p.edit')}
                </Button>
                <ConfirmDialog
                  size="sm"
                  trigger={
                    <Button size="sm" variant="secondary">
                      {pt('p.delete')}
                    </Button>
                  }
                  title={pt('seo.text_delete_q', { locale: t.locale.toUpperCase() })}
                  description={pt('seo.text_delete_text')}
                  confirm={pt('p.delete')}
                  cancel={pt('p.cancel')}
                  onConfirm={() => del.mutateAsync({ h2text_id: t.h2text_id })}
                />
              </div>
            </Card>
          ))}
          {!editing && free.length > 0 && (
            <div>
              <Button size="sm" variant="primary" onClick={() => setEditing('new')} data-testid="text-create">
                {pt('seo.text_create')}
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  )
}
