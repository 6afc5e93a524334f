// /panel/units_blocks: the site blocks (our calls /admin/units_blocks/*): the named texts of
// the public site (the main page's heading and description, the footer's rights line and notice) with their
// text per language of the edition. Staff edit the texts (HTML blocks are sanitised by the server) and switch
// a block on/off; an inactive block or an empty language shows the site's own text.
import type { Locale } from '../../common/editions'
import type { SiteBlock } from '../../common/schemas/admin/site-blocks.schema'
import { EditorActions } from './EditorActions'
import { actionsColumn, ActiveToggle, PanelList, RowActions, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Badge } from '../ui/Badge'
import { Form, FormTextArea } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'
import type { AreaKey } from '../../i18n/areas'

type Texts = Partial<Record<Locale, string>>
const LANGUAGE: Record<Locale, string> = { ua: 'Українська', ru: 'Русский', en: 'English', pl: 'Polski', es: 'Español' }
const KNOWN = ['home_heading', 'home_description', 'footer_rights', 'footer_notice']
const blockName = (pt: PT, alias: string) =>
  KNOWN.includes(alias) ? pt(`ub.block.${alias}` as AreaKey<'panel'>) : alias

function BlockForm({ row, pt, onDone }: { row: SiteBlock; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const defaults = { texts: Object.fromEntries(edition.locales.map((l) => [l, row.texts[l] ?? ''])) as Texts }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/site-blocks.schema').then((m) => m.ZSiteBlockFields),
    {
      defaults,
      action: (v) => utils.client.admin.siteBlocks.save.mutate({ id: row.id, texts: v.texts }),
      success: pt('p.saved'),
      onDone: async () => {
        await Promise.all([utils.admin.siteBlocks.list.invalidate(), utils.public.site.blocks.invalidate()])
        onDone()
      },
    },
  )
  const html = row.kind === 'html'
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{pt(html ? 'ub.html_hint' : 'ub.text_hint')}</p>
      {edition.locales.map((l) => (
        <FormTextArea
          key={l}
          size="sm"
          rows={html ? 6 : 2}
          name={`texts.${l}`}
          id={`ub-text-${l}`}
          label={LANGUAGE[l]}
          className={html ? 'font-mono text-xs' : undefined}
        />
      ))}
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="site-block-save" />
    </Form>
  )
}

export function UnitsBlocksPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const f = useUrlFilters({})
  const [editing, setEditing] = useEditing<SiteBlock>()
  const list = trpc.admin.siteBlocks.list.useQuery({ page: f.page }, { placeholderData: (prev) => prev })
  const refresh = () => Promise.all([utils.admin.siteBlocks.list.invalidate(), utils.public.site.blocks.invalidate()])
  const toggle = trpc.admin.siteBlocks.changeStatus.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const preview = (r: SiteBlock) => r.texts[edition.defaultLocale] ?? Object.values(r.texts)[0] ?? ''

  const columns: Column<SiteBlock>[] = [
    { key: 'name', header: pt('ub.block'), cell: (r) => <span className="font-medium">{blockName(pt, r.alias)}</span> },
    {
      key: 'text',
      header: pt('ub.text'),
      cell: (r) => {
        const text = preview(r)
        return text ? (
          <span className="line-clamp-2 max-w-md text-slate-700">
            {r.kind === 'html' ? text.replace(/<[^>]*>/g, ' ') : text}
          </span>
        ) : (
          <span className="text-slate-500">{pt('ub.empty')}</span>
        )
      },
    },
    {
      key: 'languages',
      header: pt('ub.languages'),
      cell: (r) => edition.locales.filter((l) => r.texts[l]).join(', ') || '—',
    },
    {
      key: 'active',
      header: pt('ub.active'),
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
      header: pt('ub.updated'),
      cell: (r) => shortDate(r.updated_at),
      className: 'whitespace-nowrap',
    },
    actionsColumn(pt, (r) => (
      <RowActions pt={pt} testId={`site-block-actions-${r.alias}`} onEdit={() => setEditing(r)}>
        <ActiveToggle pt={pt} active={r.active} busy={toggle.isPending} onToggle={() => toggle.mutate({ id: r.id })} />
      </RowActions>
    )),
  ]

  return (
    <>
      <PanelList
        pt={pt}
        title={title}
        editor={
          editing && editing !== 'new'
            ? {
                title: pt('ub.edit_title', { name: blockName(pt, editing.alias) }),
                testId: 'site-block-form',
                onClose: () => setEditing(null),
                content: <BlockForm key={editing.id} row={editing} pt={pt} onDone={() => setEditing(null)} />,
              }
            : null
        }
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        page={f.page}
        onPage={f.setPage}
      />
      <p className="mt-4 max-w-3xl text-sm text-slate-600">{pt('ub.intro')}</p>
    </>
  )
}
