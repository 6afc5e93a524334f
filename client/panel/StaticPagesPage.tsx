// /panel/pages_show: static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks): the
// edition's pages with a search and an active filter; create, edit (alias, and per language: title, meta title, meta
// description, HTML text), switch on/off (change_status) and delete. The server sanitises the HTML
// and checks the rules (GET /admin/resources/static_page_rules says them).
import type { Locale } from '../../common/editions'
import type { StaticPage } from '../../common/schemas/admin/static-pages.schema'
import { staticPagePath } from '../../common/static-pages'
import { localePath } from '../../common/editions'
import { EditorActions } from './EditorActions'
import { actionsColumn, ActiveToggle, PanelList, RowActions, useEditing, useUrlFilters } from './PanelList'
import { VacanciesPanel } from './VacanciesPanel'
import { type PT, announceAndRefresh, useLocale, usePT, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { Form, FormCheckbox, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { type Column, FlagFilter, SearchFilter } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

type Texts = Partial<Record<Locale, string>>
const LANGUAGE: Record<Locale, string> = { ua: 'Українська', ru: 'Русский', en: 'English', pl: 'Polski', es: 'Español' }

function PageForm({ row, pt, onDone }: { row: StaticPage | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.staticPages
  const each = (m: Texts | undefined): Texts => Object.fromEntries(edition.locales.map((l) => [l, m?.[l] ?? '']))
  const defaults = {
    alias: row?.alias ?? '',
    titles: each(row?.titles),
    texts: each(row?.texts),
    meta_titles: each(row?.meta_titles),
    meta_descriptions: each(row?.meta_descriptions),
    active: row?.active ?? true,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/static-pages.schema').then((m) => m.ZStaticPageFields),
    {
      defaults,
      action: (v) => (row ? c.save.mutate({ id: row.id, static_page: v }) : c.create.mutate({ static_page: v })),
      success: row ? pt('p.saved') : pt('sp.created'),
      onDone: async () => {
        await utils.admin.staticPages.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-2">
        <FormTextField
          size="sm"
          name="alias"
          id="sp-alias"
          label={pt('sp.alias')}
          hint={pt('sp.alias_hint')}
          autoComplete="off"
        />
        <div className="flex items-end">
          <FormCheckbox name="active" label={pt('sp.active')} />
        </div>
      </div>
      {edition.locales.map((l) => (
        <fieldset
          key={l}
          className="grid gap-3 rounded-lg border border-slate-200 p-4 md:grid-cols-2"
          data-testid={`sp-lang-${l}`}
        >
          <legend className="px-1 text-sm font-semibold text-slate-700">{LANGUAGE[l]}</legend>
          <FormTextField size="sm" name={`titles.${l}`} id={`sp-title-${l}`} label={pt('sp.title')} />
          <FormTextField size="sm" name={`meta_titles.${l}`} id={`sp-meta-title-${l}`} label={pt('sp.meta_title')} />
          <div className="md:col-span-2">
            <FormTextField
              size="sm"
              name={`meta_descriptions.${l}`}
              id={`sp-meta-description-${l}`}
              label={pt('sp.meta_description')}
            />
          </div>
          <div className="md:col-span-2">
            <FormTextArea
              size="sm"
              rows={10}
              name={`texts.${l}`}
              id={`sp-text-${l}`}
              label={pt('sp.text')}
              hint={pt('sp.text_hint')}
              className="font-mono text-xs"
            />
          </div>
        </fieldset>
      ))}
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="static-page-save" />
    </Form>
  )
}

const NO_FILTERS = { text_search: '', active: '' }

export function StaticPagesPage({ title }: { title: string }) {
  const pt = usePT()
  const locale = useLocale()
  const shortDate = usePanelShortDate()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const filters = {
    ...(f.filters.text_search ? { text_search: f.filters.text_search } : {}),
    ...(f.filters.active ? { active: f.filters.active === '1' } : {}),
  }
  const [editing, setEditing] = useEditing<StaticPage>()
  const list = trpc.admin.staticPages.list.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.staticPages.list.invalidate()
  const toggle = trpc.admin.staticPages.changeStatus.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.staticPages.delete.useMutation(announceAndRefresh(pt('sp.deleted'), refresh))
  const name = (r: StaticPage) => r.titles[locale] || r.titles[edition.defaultLocale] || r.alias

  const columns: Column<StaticPage>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    { key: 'title', header: pt('sp.title'), cell: (r) => <span className="font-medium">{name(r)}</span> },
    {
      key: 'alias',
      header: pt('sp.alias'),
      cell: (r) => (
        <a
          href={localePath(edition, edition.defaultLocale, staticPagePath(r.alias))}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-dark underline underline-offset-2"
        >
          {staticPagePath(r.alias)}
        </a>
      ),
    },
    {
      key: 'active',
      header: pt('sp.active'),
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
    {
      key: 'updated',
      header: pt('sp.updated'),
      cell: (r) => shortDate(r.updated_at),
      className: 'whitespace-nowrap',
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`static-page-actions-${r.alias}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('sp.delete_q', { alias: r.alias }),
          description: pt('sp.delete_text'),
          onConfirm: () => del.mutateAsync({ id: r.id }),
        }}
      >
        <ActiveToggle pt={pt} active={r.active} busy={toggle.isPending} onToggle={() => toggle.mutate({ id: r.id })} />
      </RowActions>
    )),
  ]

  return (
    <>
      <PanelList
        pt={pt}
        title={title}
        create={{ label: pt('sp.create'), onClick: () => setEditing('new'), testId: 'static-page-create' }}
        filters={{
          onApply: () => f.apply(),
          fields: (
            <>
              <SearchFilter
                id="spf-text"
                label={pt('p.search')}
                value={f.draft.text_search}
                onChange={f.set('text_search')}
              />
              <FlagFilter
                id="spf-active"
                label={pt('sp.active')}
                value={f.draft.active}
                onChange={f.set('active')}
                t={pt}
              />
            </>
          ),
        }}
        editor={
          editing && {
            title: editing === 'new' ? pt('sp.create') : pt('sp.edit_title', { alias: editing.alias }),
            testId: 'static-page-form',
            onClose: () => setEditing(null),
            content: (
              <PageForm
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
      {/* Vacancies are site pages too: their list sits under the static pages (VacanciesPanel.tsx). */}
      <VacanciesPanel />
    </>
  )
}
