// Tutor ads with moderation (docs/api.md#tutor-blog-and-ads "Ads", #admin-ads-and-blogs "Ads",
// #public-reads `GET /client/ads`). An ad is a title, a plain text, optionally a subject and a lesson price, and up
// to AD_LIMITS.images images. The tutor creates and saves it (multipart with `images[]`; a saved
// published ad goes back to moderation), withdraws it to a draft, sends it to moderation or deletes it
// (change_status); staff (area `ads`) list, edit, publish, send back with a reason, delete or set any
// status. Published ads of tutors still on the site are public: /client/ads and the tutor's profile.
import { sql } from 'kysely'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import {
  AD_LIMITS,
  type Ad,
  type ContentStatus,
  type PublicAd,
  type TAdFields,
  imageRules,
} from '../../../common/schemas/content/blogs-ads.schema'
import { msg } from '../../../i18n/keys'
import type { FileStorage } from '../../integrations/storage/storage'
import { type Executor, audit } from '../shared/audit'
import { actingAs } from '../shared/acting'
import { localName } from '../shared/names'
import type { Scope } from '../shared/scope'
import { addImage, attachImages, encodeImage, imageCount, imagesOf, removeImage, storeImage } from './content-images'
import { type RevisionIo, iso, likeOf, mailRevision, noticeRevision, statusAfterTutorSave } from './moderation'

const PAGE = 20
export const PUBLIC_ADS_PER_PAGE = 12

/** GET /tutor/resources/ad_rules: the numbers ZAdFields checks. */
export function adRules() {
  return {
    title: { ...AD_LIMITS.title },
    text: { ...AD_LIMITS.text },
    price: { ...AD_LIMITS.price },
    images: imageRules(AD_LIMITS.images),
  }
}

const COLUMNS = [
  'a.id',
  'a.tutor_id',
  't.name as tutor_name',
  'a.lesson_id',
  'l.names as lesson_names',
  'a.title',
  'a.text',
  'a.price',
  'a.status',
  'a.revision_reason',
  'a.published_at',
  'a.created_at',
  'a.updated_at',
] as const

function base(db: Executor, scope: Pick<Scope, 'edition'>) {
  return db
    .selectFrom('ads as a')
    .innerJoin('tutors as t', 't.id', 'a.tutor_id')
    .leftJoin('lessons as l', 'l.id', 'a.lesson_id')
    .where('a.edition', '=', scope.edition.code)
}
const selectRows = (db: Executor, scope: Pick<Scope, 'edition'>) => base(db, scope).select(COLUMNS)
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

async function answers(db: Executor, scope: Scope, rows: Row[]): Promise<Ad[]> {
  const images = await imagesOf(
    db,
    'ad',
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    tutor_id: r.tutor_id,
    tutor_name: r.tutor_name,
    lesson_id: r.lesson_id,
    lesson_name: r.lesson_id ? localName(r.lesson_names, scope.locale, scope.edition) : null,
    title: r.title,
    text: r.text,
    price: r.price,
    currency: scope.edition.currency,
    status: r.status as ContentStatus,
    revision_reason: r.revision_reason,
    images: images.get(r.id) ?? [],
    published_at: iso(r.published_at),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }))
}
const answerOne = async (db: Executor, scope: Scope, row: Row) => (await answers(db, scope, [row]))[0]!

async function readRow(db: Executor, scope: Scope, a: { id: number; tutorId?: number; lock?: boolean }): Promise<Row> {
  let q = selectRows(db, scope).where('a.id', '=', a.id)
  if (a.tutorId !== undefined) q = q.where('a.tutor_id', '=', a.tutorId).where('a.status', '<>', 'deleted')
  if (a.lock) q = q.forUpdate('a')
  const row = await q.executeTakeFirst()
  if (!row) throw notFound()
  return row
}

async function cleanFields(db: Executor, scope: Scope, f: TAdFields) {
  const lessonId = f.lesson_id ?? null
  if (lessonId !== null) {
    const lesson = await db
      .selectFrom('lessons')
      .select('id')
      .where('id', '=', lessonId)
      .where('edition', '=', scope.edition.code)
      .executeTakeFirst()
    if (!lesson) throw new FieldErrors({ lesson_id: [msg('validation.invalid')] })
  }
  return {
    title: f.title.replace(/\s+/g, ' ').trim(),
    text: f.text.replace(/\r\n/g, '\n').trim(),
    lesson_id: lessonId,
    price: f.price ?? null,
  }
}

/**
 * Uploads the multipart `images[]` (checked and encoded before the transaction; written files are
 * removed again if it fails) and answers what to insert inside it.
 */
async function uploads(tutorId: number, files: unknown[] | undefined, storage: FileStorage) {
  const written: { key: string; url: string; width: number; height: number }[] = []
  try {
    for (const file of files ?? []) {
      const image = await encodeImage(file, 'images')
      written.push({ ...(await storeImage(storage, { tutorId, image })), width: image.width, height: image.height })
    }
  } catch (err) {
    await Promise.allSettled(written.map((w) => storage.delete(w.key)))
    throw err
  }
  return {
    written,
    async insert(trx: Executor, adId: number) {
      if (!written.length) return
      if ((await imageCount(trx, 'ad', adId)) + written.length > AD_LIMITS.images)
        throw new FieldErrors({ images: [msg('validation.length', { min: 0, max: AD_LIMITS.images })] })
      await trx
        .insertInto('ad_images')
        .values(
          written.map((w) => ({
            tutor_id: tutorId,
            ad_id: adId,
            storage_key: w.key,
            url: w.url,
            width: w.width,
            height: w.height,
          })),
        )
        .execute()
    },
    undo: () => Promise.allSettled(written.map((w) => storage.delete(w.key))),
  }
}

// ——— the tutor ———

/** POST /tutor/ad/create (multipart: `ad` JSON text plus `images[]`) */
export async function tutorCreateAd(
  scope: Scope,
  input: { ad: TAdFields; images?: unknown[] },
  storage: FileStorage,
): Promise<Ad> {
  const me = actingAs(scope, 'tutor')
  const fields = await cleanFields(scope.db, scope, input.ad)
  const files = await uploads(me, input.images, storage)
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('ads')
        .values({ edition: scope.edition.code, tutor_id: me, ...fields, status: statusAfterTutorSave(input.ad.draft) })
        .returning('id')
        .executeTakeFirstOrThrow()
      await files.insert(trx, id)
      await attachImages(trx, { kind: 'ad', tutorId: me, ownerId: id, ids: input.ad.image_ids, max: AD_LIMITS.images })
      await audit(trx, scope.actor, {
        action: 'ad.create',
        entity: 'ad',
        id,
        data: { title: fields.title, draft: !!input.ad.draft },
      })
      return answerOne(trx, scope, await readRow(trx, scope, { id }))
    })
  } catch (err) {
    await files.undo()
    throw err
  }
}

async function saveAd(
  scope: Scope,
  input: { ad: TAdFields & { id: number }; images?: unknown[] },
  a: { tutorId?: number; storage: FileStorage },
): Promise<Ad> {
  const fields = await cleanFields(scope.db, scope, input.ad)
  const owner = a.tutorId ?? (await readRow(scope.db, scope, { id: input.ad.id })).tutor_id
  const files = await uploads(owner, input.images, a.storage)
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const before = await readRow(trx, scope, { id: input.ad.id, tutorId: a.tutorId, lock: true })
      // The tutor's save goes (back) to moderation; staff's edit keeps the status.
      const status = a.tutorId !== undefined ? statusAfterTutorSave(input.ad.draft) : (before.status as ContentStatus)
      await trx
        .updateTable('ads')
        .set({ ...fields, status, updated_at: sql<Date>`now()` })
        .where('id', '=', before.id)
        .execute()
      await files.insert(trx, before.id)
      await attachImages(trx, {
        kind: 'ad',
        tutorId: before.tutor_id,
        ownerId: before.id,
        ids: input.ad.image_ids,
        max: AD_LIMITS.images,
      })
      await audit(trx, scope.actor, {
        action: a.tutorId !== undefined ? 'ad.save' : 'ad.staff_save',
        entity: 'ad',
        id: before.id,
        data: { from: before.status, to: status },
      })
      return answerOne(trx, scope, await readRow(trx, scope, { id: before.id }))
    })
  } catch (err) {
    await files.undo()
    throw err
  }
}

/** POST /tutor/ad/save (multipart) */
export function tutorSaveAd(
  scope: Scope,
  input: { ad: TAdFields & { id: number }; images?: unknown[] },
  storage: FileStorage,
) {
  return saveAd(scope, input, { tutorId: actingAs(scope, 'tutor'), storage })
}

/** GET /tutor/ad/get?id: the tutor's own ad only. */
export async function tutorGetAd(scope: Scope, input: { id: number }): Promise<Ad> {
  return answerOne(scope.db, scope, await readRow(scope.db, scope, { id: input.id, tutorId: actingAs(scope, 'tutor') }))
}

/** GET /tutor/ads/get?page */
export async function tutorListAds(scope: Scope, input: { page: number }) {
  const me = actingAs(scope, 'tutor')
  const q = base(scope.db, scope).where('a.tutor_id', '=', me).where('a.status', '<>', 'deleted')
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('a.id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: await answers(scope.db, scope, rows), total: total.n, page: input.page }
}

/** POST /tutor/ad/change_status {ad, new_status}: draft (withdraw), on_moderation (send) or deleted. */
export async function tutorChangeAdStatus(
  scope: Scope,
  input: { ad: number; new_status: 'draft' | 'on_moderation' | 'deleted' },
) {
  const me = actingAs(scope, 'tutor')
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.ad, tutorId: me, lock: true })
    await trx
      .updateTable('ads')
      .set({ status: input.new_status, updated_at: sql<Date>`now()` })
      .where('id', '=', before.id)
      .execute()
    await audit(trx, scope.actor, {
      action: 'ad.change_status',
      entity: 'ad',
      id: before.id,
      data: { from: before.status, to: input.new_status },
    })
    return answerOne(trx, scope, await readRow(trx, scope, { id: before.id }))
  })
}

/** POST /tutor/ad/add_image, /admin/ad/add_image (multipart image, optional ad_id). */
export async function addAdImage(
  scope: Scope,
  input: { image: unknown; ad_id?: number | null; tutor_id: number },
  storage: FileStorage,
) {
  const ownerId = input.ad_id ?? null
  if (ownerId !== null) await readRow(scope.db, scope, { id: ownerId, tutorId: input.tutor_id })
  const added = await addImage(
    scope.db,
    { kind: 'ad', tutorId: input.tutor_id, ownerId, image: input.image, max: AD_LIMITS.images },
    storage,
  )
  await audit(scope.db, scope.actor, {
    action: 'ad.add_image',
    entity: 'ad',
    id: ownerId ?? 0,
    data: { image_id: added.id },
  })
  return added
}

/** POST /tutor/ad/remove_image {image_id} (the tutor's own), /admin/ad/remove_image (any). */
export async function removeAdImage(
  scope: Scope,
  input: { image_id: number; tutorId: number | null },
  storage: FileStorage,
) {
  const removed = await scope.db.transaction().execute(async (trx) => {
    const r = await removeImage(trx, { kind: 'ad', imageId: input.image_id, tutorId: input.tutorId })
    await audit(trx, scope.actor, {
      action: 'ad.remove_image',
      entity: 'ad',
      id: r.ownerId ?? 0,
      data: { image_id: input.image_id },
    })
    return r
  })
  await storage.delete(removed.key).catch(() => undefined)
  return { removed: true as const }
}

// ——— staff ———

/** POST /admin/ads/get {page, filters: {status?, tutor_id?, text_search?}} */
export async function staffListAds(
  scope: Scope,
  input: { page: number; filters: { status?: ContentStatus; tutor_id?: number; text_search?: string } },
) {
  let q = base(scope.db, scope)
  const f = input.filters
  if (f.status) q = q.where('a.status', '=', f.status)
  if (f.tutor_id) q = q.where('a.tutor_id', '=', f.tutor_id)
  if (f.text_search) {
    const like = likeOf(f.text_search)
    q = q.where((eb) => eb.or([eb('a.title', 'ilike', like), eb('t.name', 'ilike', like), eb('a.text', 'ilike', like)]))
  }
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy(sql`a.status = 'on_moderation'`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: await answers(scope.db, scope, rows), total: total.n, page: input.page }
}

/** GET /admin/ad/get?id */
export async function staffGetAd(scope: Scope, input: { id: number }): Promise<Ad> {
  return answerOne(scope.db, scope, await readRow(scope.db, scope, { id: input.id }))
}

/** POST /admin/ad/save (multipart): staff correct an ad; the status stays. */
export function staffSaveAd(
  scope: Scope,
  input: { ad: TAdFields & { id: number }; images?: unknown[] },
  storage: FileStorage,
) {
  return saveAd(scope, input, { storage })
}

/** Staff moves an ad to any status; need_revision needs its reason and tells the tutor. */
export async function staffMoveAd(
  scope: Scope,
  input: { id: number; to: ContentStatus; reason?: string },
  io: RevisionIo,
) {
  if (input.to === 'need_revision' && !input.reason) throw new FieldErrors({ reason: [msg('validation.required')] })
  const row = await scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    if (before.status === input.to && input.to !== 'need_revision') throw wrongStatus()
    await trx
      .updateTable('ads')
      .set({
        status: input.to,
        revision_reason:
          input.to === 'need_revision' ? input.reason! : input.to === 'published' ? '' : before.revision_reason,
        ...(input.to === 'published' && !before.published_at ? { published_at: scope.now() } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .execute()
    if (input.to === 'need_revision')
      await noticeRevision(trx, {
        tutorId: before.tutor_id,
        kind: 'ad',
        id: input.id,
        title: before.title,
        reason: input.reason!,
      })
    await audit(trx, scope.actor, {
      action: `ad.set_${input.to}`,
      entity: 'ad',
      id: input.id,
      data: { from: before.status, to: input.to, ...(input.reason ? { reason: input.reason } : {}) },
    })
    return readRow(trx, scope, { id: input.id })
  })
  if (input.to === 'need_revision')
    await mailRevision(scope, { tutorId: row.tutor_id, kind: 'ad', title: row.title, reason: input.reason! }, io)
  return answerOne(scope.db, scope, row)
}

// ——— visitors ———

/** GET /client/ads?page&tutor_id&lesson_id: published ads of tutors on the site, newest first. */
export async function publicAds(scope: Scope, input: { page: number; tutor_id?: number; lesson_id?: number }) {
  let q = base(scope.db, scope)
    .where('a.status', '=', 'published')
    .where('t.deleted_at', 'is', null)
    .where('t.anonymized_at', 'is', null)
  if (input.tutor_id) q = q.where('a.tutor_id', '=', input.tutor_id)
  if (input.lesson_id) q = q.where('a.lesson_id', '=', input.lesson_id)
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(PUBLIC_ADS_PER_PAGE)
      .offset((input.page - 1) * PUBLIC_ADS_PER_PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const full = await answers(scope.db, scope, rows)
  const items: PublicAd[] = full.map((a) => ({
    id: a.id,
    tutor_id: a.tutor_id,
    tutor_name: a.tutor_name,
    lesson_name: a.lesson_name,
    title: a.title,
    text: a.text,
    price: a.price,
    currency: a.currency,
    images: a.images,
    published_at: a.published_at ?? a.created_at,
  }))
  return { items, total: total.n, page: input.page, pages: Math.max(1, Math.ceil(total.n / PUBLIC_ADS_PER_PAGE)) }
}
