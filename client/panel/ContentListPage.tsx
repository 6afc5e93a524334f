// The panel's content list (videos, vacancies, news categories): PanelList with the rows an editor
// opens — a "create" button, "edit" on each row, switch on / off, delete after a confirmation — and the
// editor in a dialog or a card above the table. A page configures its columns, its texts, its form and
// its calls; the layout, the row actions and the editor's state are this one component's.
import type { ReactNode } from 'react'
import type { Locale } from '../../common/editions'
import { Badge } from '../ui/Badge'
import { ActiveToggle, PanelList, RowActions, actionsColumn, useEditing } from './PanelList'
import type { PT } from './text'
import type { Column } from '../ui/Table'

export interface ContentListProps<R extends { id: number; active: boolean }> {
  pt: PT
  title: string
  /** A section of a page (an h2 under the page's h1) rather than the page itself. */
  section?: boolean
  /** Test ids: `<testId>-create`, `<testId>-actions-<actionsKey(row)>` (the row's id unless given). */
  testId: string
  actionsKey?: (r: R) => string | number
  list: { data?: { items: R[]; total: number }; isError: boolean; isFetching: boolean }
  page: number
  onPage: (p: number) => void
  /** The content's own columns; the actions column is added after them. */
  columns: Column<R>[]
  labels: { create: string; edit: (r: R) => string }
  /** The editor's fields for a new row (null) or a row; `onDone` closes it. */
  form: (row: R | null, onDone: () => void) => ReactNode
  /** Where the editor opens: a dialog (the default), or a card above the table with this test id. */
  editorCard?: { testId: string }
  toggle: { busy: boolean; onToggle: (r: R) => void }
  remove: { title: (r: R) => string; description: (r: R) => string; onConfirm: (r: R) => Promise<unknown> }
}

export function ContentListPage<R extends { id: number; active: boolean }>(props: ContentListProps<R>) {
  const { pt, toggle, remove } = props
  const [editing, setEditing] = useEditing<R>()
  const close = () => setEditing(null)
  const row = editing === 'new' ? null : editing
  const columns: Column<R>[] = [
    ...props.columns,
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`${props.testId}-actions-${props.actionsKey ? props.actionsKey(r) : r.id}`}
        onEdit={() => setEditing(r)}
        remove={{ title: remove.title(r), description: remove.description(r), onConfirm: () => remove.onConfirm(r) }}
      >
        <ActiveToggle pt={pt} active={r.active} busy={toggle.busy} onToggle={() => toggle.onToggle(r)} />
      </RowActions>
    )),
  ]
  return (
    <PanelList
      pt={pt}
      title={props.title}
      section={props.section}
      create={{ label: props.labels.create, onClick: () => setEditing('new'), testId: `${props.testId}-create` }}
      editor={
        editing && {
          title: row ? props.labels.edit(row) : props.labels.create,
          testId: props.editorCard?.testId,
          dialog: !props.editorCard,
          onClose: close,
          // A new key per row: the form starts from that row's values.
          content: <div key={row ? row.id : 'new'}>{props.form(row, close)}</div>,
        }
      }
      list={props.list}
      columns={columns}
      rowKey={(r) => r.id}
      page={props.page}
      onPage={props.onPage}
    />
  )
}

/** Each language's own name (an editor's fieldset per language). */
export const LANGUAGE: Record<Locale, string> = {
  ua: 'Українська',
  ru: 'Русский',
  en: 'English',
  pl: 'Polski',
  es: 'Español',
}

/** A yes / no badge (an `active` column). */
export function yesNo(pt: PT, yes: boolean) {
  return yes ? (
    <Badge tone="green" pill>
      {pt('p.yes')}
    </Badge>
  ) : (
    <Badge tone="grey" pill>
      {pt('p.no')}
    </Badge>
  )
}
