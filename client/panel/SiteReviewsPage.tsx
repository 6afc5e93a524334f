// /panel/reviews_show: reviews of the site (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks site
// reviews): the list, newest first, with the author's e-mail and whether they confirmed the review from the e-mailed
// link; staff publish, hide, correct (name, text, mark) and delete (final) a review.
import { useState } from 'react'
import type { z } from 'zod'
import type { SiteReviewSort, ZSiteReview } from '../../common/schemas/site.schema'
import { EditorActions } from './EditorActions'
import { type ListSorting, PanelList, RowActions, actionsColumn, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Stars } from '../components/Stars'
import { Badge, type BadgeTone } from '../ui/Badge'
import { Button } from '../ui/Button'
import { FieldError, MarkInput, Select, errorAt } from '../ui/Field'
import { Form, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

type SiteReview = z.infer<typeof ZSiteReview>

const STATUS_TONE: Record<number, BadgeTone> = { 0: 'amber', 1: 'green', 2: 'grey', 3: 'red' }
const statusKey = (s: number) => `sr.status.${s}` as 'sr.status.0'

function ReviewEditor({ row, pt, onDone }: { row: SiteReview; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/site.schema').then((m) => m.ZSiteReviewSave),
    {
      defaults: { id: row.id, name: row.name, text: row.text, mark: row.mark },
      action: (v) => utils.client.admin.siteReviews.save.mutate({ site_review: v }),
      success: pt('p.saved'),
      onDone: async () => {
        await utils.admin.siteReviews.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 md:grid-cols-2">
      <FormTextField size="sm" name="name" id="sr-name" label={pt('sr.name')} />
      <div>
        <MarkInput
          value={Number(form.watch('mark'))}
          onChange={(v) => form.setValue('mark', v)}
          label={pt('sr.mark')}
        />
        <FieldError id="sr-mark-error" message={errorAt(form.formState.errors, 'mark')} />
      </div>
      <div className="md:col-span-2">
        <FormTextArea name="text" id="sr-text" rows={4} label={pt('sr.text')} />
      </div>
      <EditorActions
        pt={pt}
        pending={pending}
        onCancel={onDone}
        className="md:col-span-2"
        saveTestId="site-review-save"
      />
    </Form>
  )
}

const NO_FILTERS = { status: '' }
/** The sortable columns (the server also sorts by name and mark) and the list's own order: newest first. */
const SORTING: ListSorting<SiteReviewSort> = { keys: ['id', 'status', 'created'], sort: 'id', dir: 'desc' }

export function SiteReviewsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS, SORTING)
  const [editing, setEditing] = useState<SiteReview | null>(null)
  const list = trpc.admin.siteReviews.list.useQuery(
    { page: f.page, ...(f.filters.status ? { status: Number(f.filters.status) } : {}), ...f.sortInput },
    { placeholderData: (prev) => prev },
  )
  const refresh = () => Promise.all([utils.admin.siteReviews.list.invalidate(), utils.public.site.footer.invalidate()])
  const activate = trpc.admin.siteReviews.setActive.useMutation(announceAndRefresh(pt('sr.activated'), refresh))
  const deactivate = trpc.admin.siteReviews.setInactive.useMutation(announceAndRefresh(pt('sr.deactivated'), refresh))
  const remove = trpc.admin.siteReviews.setDeleted.useMutation(announceAndRefresh(pt('sr.deleted'), refresh))

  const columns: Column<SiteReview>[] = [
    {
      key: 'id',
      sort: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'review',
      header: pt('sr.text'),
      cell: (r) => (
        <div className="flex max-w-xl flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{r.name}</span>
            <Stars value={r.mark} />
          </span>
          <span className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{r.text}</span>
        </div>
      ),
    },
    {
      key: 'author',
      header: pt('sr.email'),
      cell: (r) => (
        <div className="flex flex-col gap-0.5 text-sm">
          <span className="break-all">{r.email ?? '—'}</span>
          {r.email && (
            <span className="text-xs text-slate-500">
              {r.confirmed_at ? pt('sr.confirmed', { date: shortDate(r.confirmed_at) }) : pt('sr.not_confirmed')}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      sort: 'status',
      header: pt('p.status'),
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status] ?? 'grey'} pill>
          {pt(statusKey(r.status))}
        </Badge>
      ),
    },
    {
      key: 'created',
      sort: 'created',
      header: pt('p.created'),
      cell: (r) => shortDate(r.created_at),
      className: 'whitespace-nowrap',
    },
    actionsColumn(pt, (r) =>
      r.status === 3 ? null : (
        <RowActions
          pt={pt}
          testId={`site-review-actions-${r.id}`}
          onEdit={() => setEditing(r)}
          remove={{
            title: pt('sr.delete_q', { id: r.id }),
            description: pt('sr.delete_text'),
            onConfirm: () => remove.mutateAsync({ id: r.id }),
          }}
        >
          {r.status === 1 ? (
            <Button size="sm" variant="secondary" onClick={() => deactivate.mutate({ id: r.id })}>
              {pt('sr.deactivate')}
            </Button>
          ) : (
            <Button size="sm" variant="primary" onClick={() => activate.mutate({ id: r.id })}>
              {pt('sr.activate')}
            </Button>
          )}
        </RowActions>
      ),
    ),
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      filters={{
        onApply: () => f.apply(),
        fields: (
          <Select
            size="sm"
            id="srf-status"
            label={pt('p.status')}
            value={f.draft.status}
            onChange={(e) => f.set('status')(e.target.value)}
            options={[
              { value: '', text: pt('p.any') },
              ...[0, 1, 2, 3].map((s) => ({ value: String(s), text: pt(statusKey(s)) })),
            ]}
          />
        ),
      }}
      editor={
        editing && {
          title: pt('sr.edit_title', { id: editing.id }),
          testId: 'site-review-form',
          onClose: () => setEditing(null),
          content: <ReviewEditor key={editing.id} row={editing} pt={pt} onDone={() => setEditing(null)} />,
        }
      }
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={f.page}
      onPage={f.setPage}
      sort={f.sort}
    />
  )
}
