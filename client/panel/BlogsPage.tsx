// /panel/users_blog: tutors' blog posts (docs/api.md#admin-ads-and-blogs "Blogs"). The list
// starts with what waits for moderation, with filters by text, status and tutor; a post opens with
// its text as visitors will see it and an editor for corrections. Staff publish, send back for
// revision with a reason (the tutor gets it on the site and by e-mail), delete, set a 1–5 mark and
// check that the text is not copied from another post or page of the site.
import { useState } from 'react'
import { BLOG_MARK, type Blog } from '../../common/schemas/content/blogs-ads.schema'
import { localePath } from '../../common/editions'
import { PROSE } from '../components/prose'
import { EditorActions } from './EditorActions'
import { PanelList } from './PanelList'
import { useModerationFilters, RevisionDialog, StatusBadge } from './ModerationParts'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { Select } from '../ui/Field'
import { Form, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

function Uniqueness({ id, pt }: { id: number; pt: PT }) {
  const check = trpc.admin.blogs.checkUniqueness.useMutation()
  return (
    <div className="flex flex-col gap-2" data-testid="uniqueness">
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        disabled={check.isPending}
        onClick={() => check.mutate({ id })}
      >
        {pt('bl.check')}
      </Button>
      {check.data &&
        (check.data.unique ? (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {pt('bl.unique')}
          </p>
        ) : (
          <div role="status" className="text-sm text-red-800">
            <p className="font-medium">{pt('bl.not_unique')}</p>
            <ul className="list-disc pl-5">
              {check.data.matches.map((m) => (
                <li key={`${m.kind}-${m.id}`}>
                  {pt(`bl.kind.${m.kind}`)} №{m.id} «{m.title}» — {Math.round(m.share * 100)}%
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  )
}

function BlogCard({ row, pt, onClose }: { row: Blog; pt: PT; onClose: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const refresh = () =>
    Promise.all([utils.admin.blogs.list.invalidate(), utils.admin.blogs.get.invalidate({ id: row.id })])
  const one = trpc.admin.blogs.get.useQuery({ id: row.id }, { initialData: row })
  const blog = one.data ?? row
  const publish = trpc.admin.blogs.setPublished.useMutation(announceAndRefresh(pt('mod.published'), refresh))
  const remove = trpc.admin.blogs.setDeleted.useMutation(announceAndRefresh(pt('mod.deleted'), refresh))
  const mark = trpc.admin.blogs.setMark.useMutation(announceAndRefresh(pt('bl.mark_set'), refresh))
  const [editing, setEditing] = useState(false)
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/content/blogs-ads.schema').then((m) => m.ZBlogSave),
    {
      defaults: { id: blog.id, title: blog.title, text: blog.text },
      action: (v) => utils.client.admin.blogs.save.mutate({ blog: v }),
      success: pt('p.saved'),
      onDone: async () => {
        setEditing(false)
        await refresh()
      },
    },
  )
  return (
    <Card title={pt('bl.edit_title', { id: blog.id })} className="mb-4" testId="blog-card">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={blog.status} pt={pt} />
          <span>
            {pt('mod.tutor')}:{' '}
            <a className="text-brand-dark underline" href={`/panel/users_show/${blog.tutor_id}`}>
              {blog.tutor_name}
            </a>{' '}
            (№{blog.tutor_id})
          </span>
          {blog.status === 'published' && (
            <a
              className="text-brand-dark underline"
              target="_blank"
              rel="noopener noreferrer"
              href={localePath(edition, edition.defaultLocale, `/blog/${blog.id}/`)}
            >
              /blog/{blog.id}/
            </a>
          )}
          <span>
            {pt('bl.rating')}: {blog.rating} ({blog.rating_count})
          </span>
        </div>
        {blog.status === 'need_revision' && blog.revision_reason && (
          <p className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
            {pt('mod.reason_was', { reason: blog.revision_reason })}
          </p>
        )}
        {editing ? (
          <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
            <FormTextField size="sm" name="title" id="bl-title" label={pt('mod.title')} />
            <FormTextArea name="text" id="bl-text" rows={12} label={pt('mod.text_html')} />
            <EditorActions pt={pt} pending={pending} onCancel={() => setEditing(false)} />
          </Form>
        ) : (
          <div className="rounded-lg border border-slate-200 p-4">
            <h2 className="mb-2 text-xl font-semibold text-slate-900" data-testid="blog-card-title">
              {blog.title}
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save (sanitizeRichText) */}
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: blog.text }} />
            {blog.images.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {blog.images.map((i) => (
                  <li key={i.id}>
                    <img src={i.url} alt="" className="h-20 rounded" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-end gap-2" data-testid="blog-card-actions">
          {blog.status !== 'published' && (
            <Button
              size="sm"
              variant="primary"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: blog.id })}
              data-testid="blog-publish"
            >
              {pt('mod.publish')}
            </Button>
          )}
          {blog.status !== 'deleted' && (
            <RevisionDialog
              id={blog.id}
              title={blog.title}
              pt={pt}
              send={(v) => utils.client.admin.blogs.setNeedRevision.mutate(v)}
              onDone={refresh}
            />
          )}
          {!editing && (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              {pt('p.edit')}
            </Button>
          )}
          <Select
            size="sm"
            id={`bl-mark-${blog.id}`}
            label={pt('bl.mark')}
            value={blog.mark ?? ''}
            onChange={(e) => e.target.value && mark.mutate({ id: blog.id, mark: Number(e.target.value) })}
            options={[
              { value: '', text: '—' },
              ...Array.from({ length: BLOG_MARK.max - BLOG_MARK.min + 1 }, (_, k) => ({
                value: BLOG_MARK.min + k,
                text: String(BLOG_MARK.min + k),
              })),
            ]}
          />
          {blog.status !== 'deleted' && (
            <ConfirmDialog
              size="sm"
              trigger={
                <Button size="sm" variant="secondary">
                  {pt('p.delete')}
                </Button>
              }
              title={pt('mod.delete_q', { title: blog.title })}
              description={pt('mod.delete_text')}
              confirm={pt('p.delete')}
              cancel={pt('p.cancel')}
              onConfirm={() => remove.mutateAsync({ id: blog.id })}
            />
          )}
          <Button size="sm" variant="secondary" className="ml-auto" onClick={onClose}>
            {pt('mod.close')}
          </Button>
        </div>
        <Uniqueness id={blog.id} pt={pt} />
      </div>
    </Card>
  )
}

export function BlogsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const { filters, row: filterRow, page, setPage } = useModerationFilters('blf', pt)
  const [open, setOpen] = useState<Blog | null>(null)
  const list = trpc.admin.blogs.list.useQuery({ page, filters }, { placeholderData: (prev) => prev })
  const columns: Column<Blog>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    { key: 'title', header: pt('mod.title'), cell: (r) => <span className="font-medium">{r.title}</span> },
    { key: 'tutor', header: pt('mod.tutor'), cell: (r) => `${r.tutor_name} (№${r.tutor_id})` },
    { key: 'status', header: pt('p.status'), cell: (r) => <StatusBadge status={r.status} pt={pt} /> },
    { key: 'mark', header: pt('bl.mark'), cell: (r) => r.mark ?? '—' },
    {
      key: 'updated',
      header: pt('mod.updated'),
      cell: (r) => shortDate(r.updated_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'open',
      header: pt('p.actions'),
      className: 'w-px',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(r)} data-testid={`blog-open-${r.id}`}>
          {pt('mod.open')}
        </Button>
      ),
    },
  ]
  return (
    <PanelList
      pt={pt}
      title={title}
      filters={filterRow}
      summary={open && <BlogCard key={open.id} row={open} pt={pt} onClose={() => setOpen(null)} />}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={page}
      onPage={setPage}
    />
  )
}
