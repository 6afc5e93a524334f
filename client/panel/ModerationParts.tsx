// What the blog and ad moderation pages share: the status badge, the list filter
// (text, status, tutor id) and the "needs revision" dialog whose reason the tutor receives.
import { useState } from 'react'
import { CONTENT_STATUSES, type ContentStatus } from '../../common/schemas/content/blogs-ads.schema'
import type { PT } from './text'
import { Badge, type BadgeTone } from '../ui/Badge'
import { Button } from '../ui/Button'
import { ActionDialog } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { TextField } from '../ui/TextField'
import { Form, FormTextArea, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { FilterButtons } from '../ui/Table'

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

export function ModerationFilters({ id, pt, onApply }: { id: string; pt: PT; onApply: (f: ModerationFilter) => void }) {
  const [text, setText] = useState('')
  const [status, setStatus] = useState('on_moderation')
  const [tutor, setTutor] = useState('')
  return (
    <form
      role="search"
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault()
        const n = Number(tutor)
        onApply({
          ...(text ? { text_search: text } : {}),
          ...(status ? { status: status as ContentStatus } : {}),
          ...(Number.isInteger(n) && n > 0 ? { tutor_id: n } : {}),
        })
      }}
    >
      <TextField
        size="sm"
        id={`${id}-text`}
        label={pt('p.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="col-span-2"
      />
      <Select
        size="sm"
        id={`${id}-status`}
        label={pt('p.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
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
        value={tutor}
        onChange={(e) => setTutor(e.target.value)}
      />
      <FilterButtons t={pt} className="flex items-end" />
    </form>
  )
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
  const { form, submit, pending } = useActionForm<{ id: number; reason: string }>(
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
