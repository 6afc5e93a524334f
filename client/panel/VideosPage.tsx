// /panel/users_videos: videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos"):
// the edition's videos with their thumbnail, create and edit in a dialog (a YouTube link in any form or the bare id,
// title and description per language, order, active), switch on/off, delete. The server stores the id and
// refuses anything that is not a YouTube video (server/domain/content/videos.ts).
import { useState } from 'react'
import type { Locale } from '../../common/editions'
import type { Video } from '../../common/schemas/admin/videos.schema'
import { youtubeThumbnail, youtubeWatchUrl } from '../../common/youtube'
import { EditorActions } from './EditorActions'
import { ContentListPage, LANGUAGE, yesNo } from './ContentListPage'
import { type PT, announceAndRefresh, useLocale, usePT } from './text'
import { Form, FormCheckbox, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

type Texts = Partial<Record<Locale, string>>
function VideoForm({ row, pt, onDone }: { row: Video | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.videos
  const each = (m: Texts | undefined): Texts => Object.fromEntries(edition.locales.map((l) => [l, m?.[l] ?? '']))
  const defaults = {
    youtube_id: row ? youtubeWatchUrl(row.youtube_id) : '',
    titles: each(row?.titles),
    descriptions: each(row?.descriptions),
    sort: String(row?.sort ?? 0),
    active: row?.active ?? true,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/videos.schema').then((m) => m.ZVideoFields),
    {
      defaults,
      action: (v) => (row ? c.save.mutate({ id: row.id, video: v }) : c.create.mutate({ video: v })),
      success: row ? pt('p.saved') : pt('vd.created'),
      onDone: async () => {
        await utils.admin.videos.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4" data-testid="video-form">
      <FormTextField
        size="sm"
        name="youtube_id"
        id="vd-link"
        label={pt('vd.link')}
        hint={pt('vd.link_hint')}
        autoComplete="off"
      />
      {edition.locales.map((l) => (
        <fieldset
          key={l}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
          data-testid={`vd-lang-${l}`}
        >
          <legend className="px-1 text-sm font-semibold text-slate-700">{LANGUAGE[l]}</legend>
          <FormTextField size="sm" name={`titles.${l}`} id={`vd-title-${l}`} label={pt('vd.title')} />
          <FormTextArea
            size="sm"
            rows={3}
            name={`descriptions.${l}`}
            id={`vd-description-${l}`}
            label={pt('vd.description')}
          />
        </fieldset>
      ))}
      <div className="grid grid-cols-2 gap-3">
        <FormTextField size="sm" name="sort" id="vd-sort" label={pt('vd.sort')} inputMode="numeric" />
        <div className="flex items-end">
          <FormCheckbox name="active" label={pt('vd.active')} />
        </div>
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="video-save" />
    </Form>
  )
}

export function VideosPage({ title }: { title: string }) {
  const pt = usePT()
  const locale = useLocale()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const [page, setPage] = useState(1)
  const list = trpc.admin.videos.list.useQuery({ page }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.videos.list.invalidate()
  const toggle = trpc.admin.videos.save.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.videos.delete.useMutation(announceAndRefresh(pt('vd.deleted'), refresh))
  const name = (r: Video) => r.titles[locale] || r.titles[edition.defaultLocale] || r.youtube_id

  const columns: Column<Video>[] = [
    {
      key: 'thumb',
      header: pt('vd.thumb'),
      className: 'w-32',
      cell: (r) => (
        <a
          href={youtubeWatchUrl(r.youtube_id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`YouTube ${r.youtube_id}`}
          className="block aspect-video w-28 overflow-hidden rounded bg-slate-800"
        >
          <img src={youtubeThumbnail(r.youtube_id)} alt="" loading="lazy" className="h-full w-full object-cover" />
        </a>
      ),
    },
    { key: 'title', header: pt('vd.title'), cell: (r) => <span className="font-medium">{name(r)}</span> },
    { key: 'id', header: 'YouTube', cell: (r) => <code className="text-xs text-slate-600">{r.youtube_id}</code> },
    {
      key: 'sort',
      header: pt('vd.sort'),
      cell: (r) => <span className="tabular-nums">{r.sort}</span>,
      className: 'w-16',
    },
    { key: 'active', header: pt('vd.active'), cell: (r) => yesNo(pt, r.active) },
  ]

  return (
    <ContentListPage
      pt={pt}
      title={title}
      testId="video"
      list={list}
      page={page}
      onPage={setPage}
      columns={columns}
      labels={{ create: pt('vd.create'), edit: () => pt('vd.edit') }}
      form={(row, onDone) => <VideoForm row={row} pt={pt} onDone={onDone} />}
      toggle={{
        busy: toggle.isPending,
        onToggle: (r) => toggle.mutate({ id: r.id, video: { youtube_id: '', active: !r.active } }),
      }}
      remove={{ title: () => pt('vd.delete_q'), description: name, onConfirm: (r) => del.mutateAsync({ id: r.id }) }}
    />
  )
}
