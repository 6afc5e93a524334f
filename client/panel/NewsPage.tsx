// /panel/news_show: news and news categories (docs/api.md#admin-news "News", "News categories"; issue
// 13 item 2). Two tabs: the news list (search, published, active and category filters; create, edit
// — alias, category, per language title, description and HTML text, a main image —, publish or
// withdraw, switch on/off, delete) and /panel/news_show/categories (create, edit, switch, delete).
// The editor posts multipart (the `news` JSON text and the optional image) to the documented REST
// path; the server sanitises the HTML, resizes the image and checks the rules (GET
// /admin/resources/news_rules says them). A news item is on the site when published and active.
import { useRef, useState } from 'react'
import type { Locale } from '../../common/editions'
import { localePath } from '../../common/editions'
import type { NewsCategory, NewsOne } from '../../common/schemas/admin/news.schema'
import { postMultipart } from '../account/tutor/upload'
import { EditorActions } from './EditorActions'
import { ActiveToggle, PanelList, useEditing, useUrlFilters } from './PanelList'
import { ContentListPage, LANGUAGE, yesNo } from './ContentListPage'
import { type PT, announceAndRefresh, useLocale, usePT, usePanelDay, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { Button } from '../ui/Button'
import { PageTitle } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { FieldError, Select, errorAt } from '../ui/Field'
import { Form, FormCheckbox, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { LinkTabs } from '../ui/Tabs'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

type Texts = Partial<Record<Locale, string>>
const BASE = '/panel/news_show'
/** The news list's filters as the address holds them ('' for any; `published`, `active`: '1' / '0'). */
const NEWS_FILTERS = { text: '', published: '', active: '', category: '' }
function useName() {
  const locale = useLocale()
  const { edition } = useSite()
  return (m: Texts, fallback: string) =>
    m[locale] || m[edition.defaultLocale] || Object.values(m).find(Boolean) || fallback
}

// ——— news ———

function NewsForm({ row, pt, onDone }: { row: NewsOne | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const locale = useLocale()
  const utils = trpc.useUtils()
  const options = trpc.admin.news.categoryOptions.useQuery()
  const file = useRef<HTMLInputElement>(null)
  const [image, setImage] = useState(row?.image ?? null)
  const removeImage = trpc.admin.news.deleteMainImage.useMutation({
    onSuccess: async (r) => {
      setImage(r.image)
      await utils.admin.news.list.invalidate()
    },
  })
  const each = (m: Texts | undefined): Texts => Object.fromEntries(edition.locales.map((l) => [l, m?.[l] ?? '']))
  const defaults = {
    alias: row?.alias ?? '',
    category_id: row?.category_id ? String(row.category_id) : '',
    titles: each(row?.titles),
    descriptions: each(row?.descriptions),
    texts: each(row?.texts),
    published: row?.published ?? false,
    active: row?.active ?? true,
    image: '',
  }
  const { form, submit, pending } = useActionForm(
    // The news fields and the image sent beside them (a 422 on `image` lands under its field).
    () =>
      Promise.all([import('zod'), import('../../common/schemas/admin/news.schema')]).then(([{ z }, m]) =>
        z.intersection(m.ZNewsFields, z.object({ image: z.unknown() })),
      ),
    {
      defaults,
      action: (v) => {
        const { image: _, ...news } = v
        const body = new FormData()
        body.set('news', JSON.stringify({ ...news, ...(row ? { id: row.id } : {}) }))
        const chosen = file.current?.files?.[0]
        if (chosen) body.set('image', chosen)
        return postMultipart<NewsOne>(row ? '/admin/news_one/save' : '/admin/news_one/create', body, undefined, locale)
      },
      success: row ? pt('p.saved') : pt('nw.created'),
      onDone: async () => {
        await utils.admin.news.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-4">
        <FormTextField
          size="sm"
          name="alias"
          id="nw-alias"
          label={pt('nw.alias')}
          hint={pt('nw.alias_hint')}
          autoComplete="off"
          className="md:col-span-2"
        />
        <FormSelect size="sm" name="category_id" id="nw-category" label={pt('nw.category')}>
          <option value="">{pt('nw.no_category')}</option>
          {options.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </FormSelect>
        <div className="flex flex-col justify-end gap-1">
          <FormCheckbox name="published" label={pt('nw.published')} />
          <FormCheckbox name="active" label={pt('nw.active')} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 p-4">
        {image && (
          <img
            src={image.thumb_url}
            alt=""
            width={160}
            height={90}
            className="rounded-md object-cover"
            data-testid="news-form-image"
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="nw-image" className="text-sm font-medium text-slate-800">
            {pt('nw.image')}
          </label>
          <input
            ref={file}
            id="nw-image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="text-sm"
            aria-describedby="nw-image-hint"
            data-testid="news-image-input"
          />
          <p id="nw-image-hint" className="text-xs text-slate-600">
            {pt('nw.image_hint')}
          </p>
          <FieldError id="nw-image-error" size="sm" message={errorAt(form.formState.errors, 'image')} />
        </div>
        {image && row && (
          <Button
            size="sm"
            variant="secondary"
            disabled={removeImage.isPending}
            onClick={() => removeImage.mutate({ id: row.id })}
          >
            {pt('nw.image_delete')}
          </Button>
        )}
      </div>
      {edition.locales.map((l) => (
        <fieldset key={l} className="grid gap-3 rounded-lg border border-slate-200 p-4" data-testid={`nw-lang-${l}`}>
          <legend className="px-1 text-sm font-semibold text-slate-700">{LANGUAGE[l]}</legend>
          <FormTextField size="sm" name={`titles.${l}`} id={`nw-title-${l}`} label={pt('nw.title')} />
          <FormTextField
            size="sm"
            name={`descriptions.${l}`}
            id={`nw-description-${l}`}
            label={pt('nw.description')}
            hint={pt('nw.description_hint')}
          />
          <FormTextArea
            size="sm"
            rows={8}
            name={`texts.${l}`}
            id={`nw-text-${l}`}
            label={pt('nw.text')}
            hint={pt('sp.text_hint')}
            className="font-mono text-xs"
          />
        </fieldset>
      ))}
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="news-save" />
    </Form>
  )
}

function NewsTab({ pt }: { pt: PT }) {
  const day = usePanelDay()
  const { edition } = useSite()
  const name = useName()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NEWS_FILTERS)
  const filters = {
    ...(f.filters.text ? { text_search: f.filters.text } : {}),
    ...(f.filters.published ? { published: f.filters.published === '1' } : {}),
    ...(f.filters.active ? { active: f.filters.active === '1' } : {}),
    ...(f.filters.category ? { category_id: Number(f.filters.category) } : {}),
  }
  const [editing, setEditing] = useEditing<NewsOne>()
  const options = trpc.admin.news.categoryOptions.useQuery()
  const list = trpc.admin.news.list.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.news.list.invalidate()
  const publish = trpc.admin.news.setPublished.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const toggle = trpc.admin.news.toggleActive.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.news.delete.useMutation(announceAndRefresh(pt('nw.deleted'), refresh))
  const categoryName = (id: number | null) => (id ? (options.data?.find((c) => c.id === id)?.name ?? `#${id}`) : '—')

  const columns: Column<NewsOne>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'title',
      header: pt('nw.title'),
      cell: (r) => (
        <div className="flex items-center gap-3">
          {r.image ? (
            <img
              src={r.image.thumb_url}
              alt=""
              width={64}
              height={36}
              className="h-9 w-16 shrink-0 rounded object-cover"
            />
          ) : (
            <span className="h-9 w-16 shrink-0 rounded bg-slate-100" aria-hidden="true" />
          )}
          <div className="flex min-w-40 flex-col">
            <span className="font-medium">{name(r.titles, r.alias)}</span>
            <a
              href={localePath(edition, edition.defaultLocale, `/news/${r.alias}/`)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs text-brand-dark underline underline-offset-2"
            >
              /news/{r.alias}/
            </a>
          </div>
        </div>
      ),
    },
    { key: 'category', header: pt('nw.category'), cell: (r) => categoryName(r.category_id) },
    {
      key: 'status',
      header: pt('p.status'),
      cell: (r) => (
        <span className="flex flex-col items-start gap-1">
          {r.published ? (
            <Badge tone="green" pill>
              {pt('nw.published')}
            </Badge>
          ) : (
            <Badge tone="amber" pill>
              {pt('nw.draft')}
            </Badge>
          )}
          {!r.active && (
            <Badge tone="grey" pill>
              {pt('nw.inactive')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'date',
      header: pt('nw.date'),
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <span>{day(r.published_at ?? r.created_at, 'short')}</span>
          {r.rating.count > 0 && (
            <span className="text-xs text-slate-500">
              ★ {r.rating.avg} ({r.rating.count})
            </span>
          )}
        </span>
      ),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: pt('p.actions'),
      className: 'w-px',
      cell: (r) => (
        <span className="flex justify-end gap-1.5" data-testid={`news-actions-${r.alias}`}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
            {pt('p.edit')}
          </Button>
          <Button
            size="sm"
            variant={r.published ? 'secondary' : 'primary'}
            disabled={publish.isPending}
            onClick={() => publish.mutate({ id: r.id, published: !r.published })}
          >
            {r.published ? pt('nw.unpublish') : pt('nw.publish')}
          </Button>
          <ActiveToggle
            pt={pt}
            active={r.active}
            busy={toggle.isPending}
            onToggle={() => toggle.mutate({ id: r.id })}
          />
          <ConfirmDialog
            size="sm"
            trigger={
              <Button size="sm" variant="secondary">
                {pt('p.delete')}
              </Button>
            }
            title={pt('nw.delete_q', { id: r.id })}
            description={pt('nw.delete_text')}
            confirm={pt('p.delete')}
            cancel={pt('p.cancel')}
            onConfirm={() => del.mutateAsync({ id: r.id })}
          />
        </span>
      ),
    },
  ]

  return (
    <PanelList
      pt={pt}
      title={pt('nw.tab')}
      section
      create={{ label: pt('nw.create'), onClick: () => setEditing('new'), testId: 'news-create' }}
      filters={{
        cols: 'md:grid-cols-6',
        onApply: () => f.apply(),
        fields: (
          <>
            <SearchFilter id="nwf-text" label={pt('p.search')} value={f.draft.text} onChange={f.set('text')} />
            <FlagFilter
              id="nwf-published"
              label={pt('nw.published')}
              value={f.draft.published}
              onChange={f.set('published')}
              t={pt}
            />
            <FlagFilter
              id="nwf-active"
              label={pt('nw.active')}
              value={f.draft.active}
              onChange={f.set('active')}
              t={pt}
            />
            <Select
              id="nwf-category"
              size="sm"
              label={pt('nw.category')}
              value={f.draft.category}
              onChange={(e) => f.set('category')(e.target.value)}
            >
              <option value="">{pt('p.any')}</option>
              {options.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </>
        ),
      }}
      editor={
        editing && {
          title: editing === 'new' ? pt('nw.create') : pt('nw.edit_title', { id: editing.id }),
          testId: 'news-form',
          onClose: () => setEditing(null),
          content: (
            <NewsForm
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
    />
  )
}

// ——— categories ———

function CategoryForm({ row, pt, onDone }: { row: NewsCategory | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.news.categories
  const defaults = {
    alias: row?.alias ?? '',
    names: Object.fromEntries(edition.locales.map((l) => [l, row?.names[l] ?? ''])),
    active: row?.active ?? true,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/news.schema').then((m) => m.ZNewsCategoryFields),
    {
      defaults,
      action: (v) => (row ? c.save.mutate({ id: row.id, news_category: v }) : c.create.mutate({ news_category: v })),
      success: row ? pt('p.saved') : pt('nc.created'),
      onDone: async () => {
        await Promise.all([
          utils.admin.news.categories.list.invalidate(),
          utils.admin.news.categoryOptions.invalidate(),
        ])
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 md:grid-cols-2">
      <FormTextField
        size="sm"
        name="alias"
        id="nc-alias"
        label={pt('nw.alias')}
        hint={pt('nc.alias_hint')}
        autoComplete="off"
      />
      <div className="flex items-end">
        <FormCheckbox name="active" label={pt('nw.active')} />
      </div>
      {edition.locales.map((l) => (
        <FormTextField
          key={l}
          size="sm"
          name={`names.${l}`}
          id={`nc-name-${l}`}
          label={`${pt('nc.name')} (${LANGUAGE[l]})`}
        />
      ))}
      <EditorActions
        pt={pt}
        pending={pending}
        onCancel={onDone}
        className="md:col-span-2"
        saveTestId="news-category-save"
      />
    </Form>
  )
}

function CategoriesTab({ pt }: { pt: PT }) {
  const shortDate = usePanelShortDate()
  const name = useName()
  const utils = trpc.useUtils()
  const [page, setPage] = useState(1)
  const list = trpc.admin.news.categories.list.useQuery({ page }, { placeholderData: (prev) => prev })
  const refresh = () =>
    Promise.all([utils.admin.news.categories.list.invalidate(), utils.admin.news.categoryOptions.invalidate()])
  const toggle = trpc.admin.news.categories.toggleActive.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.news.categories.delete.useMutation(announceAndRefresh(pt('nc.deleted'), refresh))
  const columns: Column<NewsCategory>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    { key: 'name', header: pt('nc.name'), cell: (r) => <span className="font-medium">{name(r.names, r.alias)}</span> },
    { key: 'alias', header: pt('nw.alias'), cell: (r) => <span className="font-mono text-xs">/news/{r.alias}/</span> },
    { key: 'count', header: pt('nc.news_count'), cell: (r) => r.news_count, className: 'tabular-nums' },
    { key: 'active', header: pt('nw.active'), cell: (r) => yesNo(pt, r.active) },
    {
      key: 'updated',
      header: pt('sp.updated'),
      cell: (r) => shortDate(r.updated_at),
      className: 'whitespace-nowrap',
    },
  ]
  return (
    <ContentListPage
      pt={pt}
      title={pt('nc.tab')}
      section
      testId="news-category"
      actionsKey={(r) => r.alias}
      list={list}
      page={page}
      onPage={setPage}
      columns={columns}
      labels={{ create: pt('nc.create'), edit: (r) => pt('nc.edit_title', { alias: r.alias }) }}
      editorCard={{ testId: 'news-category-form' }}
      form={(row, onDone) => <CategoryForm row={row} pt={pt} onDone={onDone} />}
      toggle={{ busy: toggle.isPending, onToggle: (r) => toggle.mutate({ id: r.id }) }}
      remove={{
        title: (r) => pt('nc.delete_q', { alias: r.alias }),
        description: () => pt('nc.delete_text'),
        onConfirm: (r) => del.mutateAsync({ id: r.id }),
      }}
    />
  )
}

export function NewsPage({ title, path }: { title: string; path: string }) {
  const pt = usePT()
  const tab = path.replace(/\/+$/, '').endsWith('/categories') ? 'categories' : 'news'
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div className="mb-4">
        <LinkTabs
          label={title}
          current={tab}
          tabs={[
            { key: 'news', href: BASE, label: pt('nw.tab') },
            { key: 'categories', href: `${BASE}/categories`, label: pt('nc.tab') },
          ]}
        />
      </div>
      {tab === 'categories' ? <CategoriesTab pt={pt} /> : <NewsTab pt={pt} />}
    </>
  )
}
