// Videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos", docs/api.md#public-reads `videos`;
// docs/product.md "YouTube links are recognised by an 11-character video id"). Staff of the panel area
// `videos` list, read, create, save and delete the videos of the edition they act on (audited); the admin may paste
// any YouTube link form or the bare id, the id is stored (anything else: 422 on `youtube_id`). The
// public list (/media) answers the active videos only, in the asked language, by `sort` then newest.
import { sql } from 'kysely'
import { FieldErrors, addFieldError } from '../../../common/errors'
import type { EditionCode } from '../../../common/editions'
import {
  VIDEOS_PER_PAGE,
  type PublicVideo,
  type TVideoFields,
  type Video,
} from '../../../common/schemas/admin/videos.schema'
import { youtubeId, youtubeThumbnail, youtubeWatchUrl } from '../../../common/youtube'
import { msg } from '../../../i18n/format'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { jsonb } from '../../../db/jsonb'
import { deleteContentRow, pageOf, readContentRow } from './content-list'
import { type Texts, mergeTexts, pick, plain, publicLocale, texts } from './texts'

const COLUMNS = [
  'id',
  'edition',
  'youtube_id',
  'titles',
  'descriptions',
  'sort',
  'active',
  'created_at',
  'updated_at',
] as const
interface Row {
  id: number
  edition: string
  youtube_id: string
  titles: unknown
  descriptions: unknown
  sort: number
  active: boolean
  created_at: Date
  updated_at: Date
}

const answer = (r: Row): Video => ({
  id: r.id,
  edition: r.edition as EditionCode,
  youtube_id: r.youtube_id,
  titles: texts(r.titles),
  descriptions: texts(r.descriptions),
  sort: r.sort,
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const STAFF_PAGE = 20

/** GET /admin/videos/get?page */
export async function listVideos(scope: Scope, input: { page: number }) {
  const { rows, total } = await pageOf(scope.db.selectFrom('videos').where('edition', '=', scope.edition.code), {
    page: input.page,
    perPage: STAFF_PAGE,
    rows: (q) => q.select(COLUMNS).orderBy('sort').orderBy('id', 'desc'),
  })
  return { items: rows.map(answer), total, page: input.page }
}

const readRow = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<Row>(db, scope, { table: 'videos', columns: COLUMNS, id, lock })

/** GET /admin/video/get?id */
export async function getVideo(scope: Scope, input: { id: number }): Promise<Video> {
  return answer(await readRow(scope.db, scope, { id: input.id }))
}

interface Draft {
  youtube_id: string
  titles: Texts
  descriptions: Texts
  sort: number
  active: boolean
}

function draftOf(scope: Scope, input: TVideoFields, before: Row | null): Draft {
  const errors: Record<string, string[]> = {}
  const link = input.youtube_id.trim()
  const id = link ? youtubeId(link) : (before?.youtube_id ?? null)
  if (!link && !before) errors.youtube_id = [msg('validation.required')]
  else if (!id) errors.youtube_id = [msg('validation.invalid')]
  const draft: Draft = {
    youtube_id: id ?? '',
    titles: mergeTexts(scope, { field: 'titles', before: before?.titles, given: input.titles, clean: plain, errors }),
    descriptions: mergeTexts(scope, {
      field: 'descriptions',
      before: before?.descriptions,
      given: input.descriptions,
      clean: plain,
      errors,
    }),
    sort: input.sort ?? before?.sort ?? 0,
    active: input.active ?? before?.active ?? true,
  }
  if (!draft.titles[scope.edition.defaultLocale])
    addFieldError(errors, `titles.${scope.edition.defaultLocale}`, msg('validation.required'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return draft
}

const values = (d: Draft) => ({
  youtube_id: d.youtube_id,
  titles: jsonb(d.titles),
  descriptions: jsonb(d.descriptions),
  sort: d.sort,
  active: d.active,
})

/** POST /admin/video/create {video} */
export async function createVideo(scope: Scope, input: { video: TVideoFields }): Promise<Video> {
  const draft = draftOf(scope, input.video, null)
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('videos')
      .values({ edition: scope.edition.code, ...values(draft) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'video.create',
      entity: 'video',
      id: row.id,
      data: { youtube_id: draft.youtube_id, active: draft.active },
    })
    return answer(row)
  })
}

/** POST /admin/video/save {id, video}: the maps given replace those languages; others stay. */
export async function saveVideo(scope: Scope, input: { id: number; video: TVideoFields }): Promise<Video> {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    const draft = draftOf(scope, input.video, before)
    const row = await trx
      .updateTable('videos')
      .set({ ...values(draft), updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'video.save',
      entity: 'video',
      id: row.id,
      data: { youtube_id: draft.youtube_id, active: draft.active, was_active: before.active },
    })
    return answer(row)
  })
}

/** POST /admin/video/delete?id */
export function deleteVideo(scope: Scope, input: { id: number }) {
  return deleteContentRow<{ id: number; youtube_id: string }>(scope, {
    table: 'videos',
    id: input.id,
    returning: ['id', 'youtube_id'],
    audit: { action: 'video.delete', entity: 'video', data: (row) => ({ youtube_id: row.youtube_id }) },
  })
}

/** GET /client/videos?page&lang: the edition's active videos, one language. */
export async function publicVideos(scope: Scope, input: { page: number }) {
  const { rows, total } = await pageOf(
    scope.db.selectFrom('videos').where('edition', '=', scope.edition.code).where('active', '=', true),
    {
      page: input.page,
      perPage: VIDEOS_PER_PAGE,
      rows: (q) => q.select(COLUMNS).orderBy('sort').orderBy('id', 'desc'),
    },
  )
  const locale = publicLocale(scope)
  const def = scope.edition.defaultLocale
  const items: PublicVideo[] = rows.map((r) => ({
    id: r.id,
    youtube_id: r.youtube_id,
    title: pick(r.titles, locale, def),
    description: pick(r.descriptions, locale, def),
    thumbnail_url: youtubeThumbnail(r.youtube_id),
    watch_url: youtubeWatchUrl(r.youtube_id),
    created_at: r.created_at.toISOString(),
  }))
  return { items, total, page: input.page, per_page: VIDEOS_PER_PAGE }
}
