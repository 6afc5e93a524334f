// What the blog and ad moderation pages share: the status badge, the list filter
// (text, status, tutor id) and the "needs revision" dialog whose reason the tutor receives.
import { useState } from 'react'
import { CONTENT_STATUSES, type ContentStatus } from '../../common/schemas/content/blogs-ads.schema'
import { type ListFilters, useUrlFilters } from './PanelList'
import type { PT } from './text'
import { Badge, type BadgeTone } from '../ui/Badge'
import { Button } from '../ui/Button'
import { ActionDialog } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { TextField } from '../ui/TextField'
import { SearchFilter } from '../ui/Table'
import { Form, FormTextArea, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'

export const STATUS_TONE: Record<ContentStatus, BadgeTone> = {
  draft: 'grey',
  on_moderation: 'amber',
  need_revision: 'orange',
  published: 'green',
  deleted: 'red',
}

export function StatusBadge({ status, pt }: { status: ContentStatus; pt: PT }) {
  return (
    <Badge tone={STATUS_TONE[status]} pill data-testid="status-badge">
      {pt(`mod.status.${status}`)}
    </Badge>
  )
}

export interface ModerationFilter {
  status?: ContentStatus
  tutor_id?: number
  text_search?: string
}

/** The moderation lists' filters as the address holds them: "on moderation" until another status is picked. */
const MODERATION_FILTERS = { text: '', status: 'on_moderation', tutor: '' }

/** The moderation list's filter row (for PanelList), what it applied, and the page: all in the address. */
export function useModerationFilters(id: string, pt: PT) {
  const { draft, set, filters: f, page, setPage, apply } = useUrlFilters(MODERATION_FILTERS)
  const n = Number(f.tutor)
  const filters: ModerationFilter = {
    ...(f.text ? { text_search: f.text } : {}),
    ...(f.status ? { status: f.status as ContentStatus } : {}),
    ...(Number.isInteger(n) && n > 0 ? { tutor_id: n } : {}),
  }
  const row: ListFilters = {
    cols: 'md:grid-cols-5',
    onApply: () => apply(),
    fields: (
      <>
        <SearchFilter id={`${id}-text`} label={pt('p.search')} value={draft.text} onChange={set('text')} />
        <Select
          size="sm"
          id={`${id}-status`}
          label={pt('p.status')}
          value={draft.status}
          onChange={(e) => set('status')(e.target.value)}
          options={[
            { value: '', text: pt('p.any') },
            ...CONTENT_STATUSES.map((s) => ({ value: s, text: pt(`mod.status.${s}`) })),
          ]}
        />
        <TextField
          size="sm"
          id={`${id}-tutor`}
          label={pt('mod.tutor_id')}
          inputMode="numeric"
          value={draft.tutor}
          onChange={(e) => set('tutor')(e.target.value)}
        />
      </>
    ),
  }
  return { filters, row, page, setPage }
}

/** Asks for the reason and sends the item back to its tutor. */
export function RevisionDialog({
  id,
  title,
  pt,
  send,
  onDone,
}: {
  id: number
  title: string
  pt: PT
  send: (v: { id: number; reason: string }) => Promise<unknown>
  onDone: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/content/blogs-ads.schema').then((m) => m.ZNeedRevision),
    {
      defaults: { id, reason: '' },
      action: (v) => send(v),
      success: pt('mod.revision_sent'),
      onDone: async () => {
        setOpen(false)
        form.reset({ id, reason: '' })
        await onDone()
      },
    },
  )
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      title={pt('mod.revision_title', { title })}
      trigger={
        <Button size="sm" variant="secondary" data-testid={`revision-${id}`}>
          {pt('mod.revision')}
        </Button>
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
        <FormTextArea name="reason" id={`revision-reason-${id}`} rows={4} label={pt('mod.reason')} />
        <div className="flex justify-end gap-2">
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
            {pt('p.cancel')}
          </Button>
          <Submit size="sm" pending={pending} data-testid={`revision-send-${id}`}>
            {pt('mod.send')}
          </Submit>
        </div>
      </Form>
    </ActionDialog>
  )
}
