// The tutor's blog (/my-blog) and ads (/my-ads) (docs/api.md#tutor-blog-and-ads): the list
// of the tutor's own posts or ads with their status and, when staff sent one back, the reason; the
// editor (the schema the server enforces validates here too, ZBlogFields / ZAdFields) with images
// uploaded at once (add_image) and attached on save. A save sends the item to moderation (a published
// one too) unless "keep as a draft" is ticked.
import { useRef, useState } from 'react'
import type { Ad, Blog, ContentImage, ContentStatus } from '../../../common/schemas/content/blogs-ads.schema'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { ConfirmDialog } from '../../ui/Dialog'
import { Form, FormCheckbox, FormSelect, FormTextArea, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { Loading } from '../../ui/State'
import { formatDate } from '../../ui/Date'
import { showError } from '../../ui/Banner'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { postMultipart } from './upload'

const TONE: Record<ContentStatus, BadgeTone> = {
  draft: 'grey',
  on_moderation: 'amber',
  need_revision: 'orange',
  published: 'green',
  deleted: 'red',
}
type AT = ReturnType<typeof useAreaText<'account'>>

function StatusLine({
  item,
  at,
}: {
  item: { status: ContentStatus; revision_reason: string; updated_at: string }
  at: AT
}) {
  const { locale } = useSite()
  return (
    <div className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone={TONE[item.status]} pill data-testid="content-status">
          {at(`account.content_status_${item.status}`)}
        </Badge>
        {formatDate(item.updated_at, locale, { time: false })}
      </span>
      {item.status === 'need_revision' && item.revision_reason && (
        <p className="rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900" data-testid="revision-reason">
          {at('account.content_revision', { reason: item.revision_reason })}
        </p>
      )}
    </div>
  )
}

/** Uploads images one by one to `path` (owner id when the item exists) and lists them. */
function Images({
  path,
  ownerKey,
  ownerId,
  images,
  onAdded,
  onRemove,
  at,
}: {
  path: string
  ownerKey: 'blog_id' | 'ad_id'
  ownerId: number | null
  images: ContentImage[]
  onAdded: (i: ContentImage) => void
  onRemove?: (i: ContentImage) => void
  at: AT
}) {
  const { locale } = useSite()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-800">{at('account.content_images')}</span>
      <ul className="flex flex-wrap gap-2">
        {images.map((i) => (
          <li key={i.id} className="flex flex-col items-start gap-1">
            <img src={i.url} alt="" className="h-20 rounded-lg object-cover" />
            {onRemove && (
              <Button type="button" size="sm" variant="secondary" onClick={() => onRemove(i)}>
                {at('account.content_remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-label={at('account.content_add_image')}
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          const body = new FormData()
          body.append('image', file)
          if (ownerId) body.append(ownerKey, String(ownerId))
          setBusy(true)
          try {
            onAdded(await postMultipart<ContentImage>(path, body, undefined, locale))
          } catch (err) {
            showError(err)
          } finally {
            setBusy(false)
          }
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="self-start"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {at('account.content_add_image')}
      </Button>
    </div>
  )
}

// ——— blog ———

function BlogEditor({ blog, onDone }: { blog: Blog | null; onDone: () => void }) {
  const at = useAreaText('account')
  const utils = trpc.useUtils()
  const [images, setImages] = useState<ContentImage[]>(blog?.images ?? [])
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/content/blogs-ads.schema').then((m) => (blog ? m.ZBlogSave : m.ZBlogCreate)),
    {
      defaults: {
        ...(blog ? { id: blog.id } : {}),
        title: blog?.title ?? '',
        text: blog?.text ?? '',
        draft: blog?.status === 'draft',
        image_ids: [],
      },
      action: (v) => {
        const body = { ...v, image_ids: images.map((i) => i.id) }
        return blog
          ? utils.client.tutor.blog.save.mutate({ ...body, id: blog.id })
          : utils.client.tutor.blog.create.mutate(body)
      },
      success: at('account.content_saved'),
      onDone: async () => {
        await utils.tutor.blog.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Card title={blog ? at('account.blog_edit') : at('account.blog_new')} testId="blog-editor">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormTextField name="title" id="blog-title" label={at('account.content_title')} />
        <FormTextArea
          name="text"
          id="blog-text"
          rows={12}
          label={at('account.blog_text')}
          hint={at('account.blog_text_hint')}
        />
        <Images
          path="/tutor/blog/add_image"
          ownerKey="blog_id"
          ownerId={blog?.id ?? null}
          images={images}
          onAdded={(i) => setImages((l) => [...l, i])}
          at={at}
        />
        <FormCheckbox name="draft" label={at('account.content_draft')} />
        <div className="flex flex-wrap gap-2">
          <Submit pending={pending} data-testid="blog-save">
            {at('account.content_send')}
          </Submit>
          <Button type="button" variant="secondary" onClick={onDone}>
            {at('account.content_cancel')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

export function MyBlogPage() {
  const at = useAreaText('account')
  const href = useLocalePath()
  const list = trpc.tutor.blog.list.useQuery({ page: 1 })
  const [editing, setEditing] = useState<Blog | 'new' | null>(null)
  if (!list.data) return <Loading text={at('account.loading')} />
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{at('account.blog_heading')}</h1>
        {!editing && (
          <Button size="sm" onClick={() => setEditing('new')} data-testid="blog-new">
            {at('account.blog_new')}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">{at('account.content_moderation_note')}</p>
      {editing && (
        <BlogEditor
          key={editing === 'new' ? 'new' : editing.id}
          blog={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {list.data.items.length === 0 && !editing ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {at('account.blog_empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="my-blog-list">
          {list.data.items.map((b) => (
            <li key={b.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">{b.title}</h2>
                <span className="flex gap-2">
                  {b.status === 'published' && (
                    <a className="text-sm font-medium text-brand-dark underline" href={href(`/blog/${b.id}/`)}>
                      {at('account.content_view')}
                    </a>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => setEditing(b)}>
                    {at('account.content_edit')}
                  </Button>
                </span>
              </div>
              <StatusLine item={b} at={at} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

// ——— ads ———

function AdEditor({ ad, onDone }: { ad: Ad | null; onDone: () => void }) {
  const at = useAreaText('account')
  const { locale, edition } = useSite()
  const utils = trpc.useUtils()
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined)
  const [images, setImages] = useState<ContentImage[]>(ad?.images ?? [])
  const remove = trpc.tutor.ads.removeImage.useMutation({ onError: showError })
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/content/blogs-ads.schema').then((m) => m.ZAdFields),
    {
      defaults: {
        title: ad?.title ?? '',
        text: ad?.text ?? '',
        lesson_id: ad?.lesson_id ? String(ad.lesson_id) : '',
        price: ad?.price !== null && ad?.price !== undefined ? String(ad.price) : '',
        draft: ad?.status === 'draft',
      },
      action: (_v, parsed) => {
        const body = new FormData()
        const fields = { ...(parsed as object), image_ids: images.map((i) => i.id), ...(ad ? { id: ad.id } : {}) }
        body.append('ad', JSON.stringify(fields))
        return postMultipart<Ad>(ad ? '/tutor/ad/save' : '/tutor/ad/create', body, undefined, locale)
      },
      success: at('account.content_saved'),
      onDone: async () => {
        await utils.tutor.ads.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Card title={ad ? at('account.ad_edit') : at('account.ad_new')} testId="ad-editor">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormTextField name="title" id="ad-title" label={at('account.content_title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect name="lesson_id" id="ad-lesson" label={at('account.ad_lesson')}>
            <option value="">—</option>
            {subjects.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.text}
              </option>
            ))}
          </FormSelect>
          <FormTextField
            name="price"
            id="ad-price"
            inputMode="numeric"
            label={at('account.ad_price', { currency: edition.currencyIcon })}
          />
        </div>
        <FormTextArea name="text" id="ad-text" rows={6} label={at('account.ad_text')} />
        <Images
          path="/tutor/ad/add_image"
          ownerKey="ad_id"
          ownerId={ad?.id ?? null}
          images={images}
          onAdded={(i) => setImages((l) => [...l, i])}
          onRemove={(i) =>
            remove.mutate({ image_id: i.id }, { onSuccess: () => setImages((l) => l.filter((x) => x.id !== i.id)) })
          }
          at={at}
        />
        <FormCheckbox name="draft" label={at('account.content_draft')} />
        <div className="flex flex-wrap gap-2">
          <Submit pending={pending} data-testid="ad-save">
            {at('account.content_send')}
          </Submit>
          <Button type="button" variant="secondary" onClick={onDone}>
            {at('account.content_cancel')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

export function MyAdsPage() {
  const at = useAreaText('account')
  const utils = trpc.useUtils()
  const list = trpc.tutor.ads.list.useQuery({ page: 1 })
  const status = trpc.tutor.ads.changeStatus.useMutation({
    onSuccess: () => utils.tutor.ads.list.invalidate(),
    onError: showError,
  })
  const [editing, setEditing] = useState<Ad | 'new' | null>(null)
  if (!list.data) return <Loading text={at('account.loading')} />
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{at('account.ads_heading')}</h1>
        {!editing && (
          <Button size="sm" onClick={() => setEditing('new')} data-testid="ad-new">
            {at('account.ad_new')}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">{at('account.content_moderation_note')}</p>
      {editing && (
        <AdEditor
          key={editing === 'new' ? 'new' : editing.id}
          ad={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {list.data.items.length === 0 && !editing ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {at('account.ads_empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="my-ads-list">
          {list.data.items.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">{a.title}</h2>
                <span className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
                    {at('account.content_edit')}
                  </Button>
                  {a.status === 'published' && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => status.mutate({ ad: a.id, new_status: 'draft' })}
                    >
                      {at('account.ad_withdraw')}
                    </Button>
                  )}
                  <ConfirmDialog
                    size="sm"
                    trigger={
                      <Button size="sm" variant="secondary">
                        {at('account.content_delete')}
                      </Button>
                    }
                    title={at('account.content_delete_q', { title: a.title })}
                    description={at('account.content_delete_text')}
                    confirm={at('account.content_delete')}
                    cancel={at('account.content_cancel')}
                    onConfirm={() => status.mutateAsync({ ad: a.id, new_status: 'deleted' })}
                  />
                </span>
              </div>
              <StatusLine item={a} at={at} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
