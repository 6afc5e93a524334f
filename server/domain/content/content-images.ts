// Images of tutor blog posts and ads: the upload is checked as an avatar is (type by
// its content, 10 MB, the pixel count from the header before anything decodes it — a pixel flood is a
// 422, never a crash), turned upright, flattened and re-encoded as JPEG at most 1600 px a side
// (metadata dropped), and kept under the public namespace tutor-content/<tutor>/. A row in
// blog_images / ad_images records it, attached to its post or ad, or loose until the first save
// attaches it (image_ids). Files are removed after the transaction that forgot them commits.
import sharp from 'sharp'
import { FieldErrors, notFound } from '../../../common/errors'
import { CONTENT_IMAGE_RULES, type ContentImage } from '../../../common/schemas/content/blogs-ads.schema'
import { msg } from '../../../i18n/keys'
import { type FileStorage, keyOf, randomName } from '../../integrations/storage/storage'
import type { Executor } from '../shared/audit'
import { FILE_MESSAGES, checkUpload } from '../tutors/files'

export type ContentKind = 'blog' | 'ad'
export const IMAGE_TABLE = { blog: 'blog_images', ad: 'ad_images' } as const
export const OWNER_COLUMN = { blog: 'blog_id', ad: 'ad_id' } as const

const SHARP_INPUT = { limitInputPixels: CONTENT_IMAGE_RULES.max_pixels, failOn: 'error' } as const

/** The upload as the stored JPEG, or a 422 on `image`. */
export async function encodeImage(
  value: unknown,
  field = 'image',
): Promise<{ data: Buffer; width: number; height: number }> {
  const checked = await checkUpload(value, CONTENT_IMAGE_RULES.types, {
    type: () => FILE_MESSAGES.imageType,
    tooLarge: () => FILE_MESSAGES.imageTooLarge,
  })
  if ('error' in checked) throw new FieldErrors({ [field]: [checked.error] })
  try {
    const { data, info } = await sharp(checked.bytes, SHARP_INPUT)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({
        width: CONTENT_IMAGE_RULES.max_side,
        height: CONTENT_IMAGE_RULES.max_side,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch (err) {
    const pixels = err instanceof Error && /pixel limit/i.test(err.message)
    throw new FieldErrors({ [field]: [pixels ? FILE_MESSAGES.imagePixels : FILE_MESSAGES.imageUnreadable] })
  }
}

/** Writes the file; the caller records the row (and deletes the file again if its transaction fails). */
export async function storeImage(
  storage: FileStorage,
  { tutorId, image }: { tutorId: number; image: { data: Buffer } },
) {
  const key = keyOf('tutor-content', tutorId, randomName(), 'jpg')
  await storage.put(key, image.data, 'image/jpeg')
  return { key, url: `/media/${key}` }
}

export async function imagesOf(
  db: Executor,
  kind: ContentKind,
  ownerIds: number[],
): Promise<Map<number, ContentImage[]>> {
  const out = new Map<number, ContentImage[]>()
  if (!ownerIds.length) return out
  const rows = await db
    .selectFrom(IMAGE_TABLE[kind] as 'blog_images')
    .select(['id', 'url', 'width', 'height', `${OWNER_COLUMN[kind]} as owner` as 'blog_id as owner'])
    .where(OWNER_COLUMN[kind] as 'blog_id', 'in', ownerIds)
    .orderBy('id')
    .execute()
  for (const r of rows) {
    const list = out.get(r.owner!) ?? []
    list.push({ id: r.id, url: r.url, width: r.width, height: r.height })
    out.set(r.owner!, list)
  }
  return out
}

/** How many images the item has now. */
export async function imageCount(db: Executor, kind: ContentKind, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom(IMAGE_TABLE[kind] as 'blog_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(OWNER_COLUMN[kind] as 'blog_id', '=', ownerId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Attaches the tutor's loose images (ids from the form) to the item, within its image cap. */
export async function attachImages(
  db: Executor,
  a: { kind: ContentKind; tutorId: number; ownerId: number; ids: number[] | undefined; max: number },
) {
  if (!a.ids?.length) return
  const count = await imageCount(db, a.kind, a.ownerId)
  const ids = [...new Set(a.ids)]
  if (count + ids.length > a.max) throw new FieldErrors({ images: [msg('validation.length', { min: 0, max: a.max })] })
  await db
    .updateTable(IMAGE_TABLE[a.kind] as 'blog_images')
    .set({ [OWNER_COLUMN[a.kind]]: a.ownerId } as { blog_id: number })
    .where('id', 'in', ids)
    .where('tutor_id', '=', a.tutorId)
    .where(OWNER_COLUMN[a.kind] as 'blog_id', 'is', null)
    .execute()
}

/** Uploads one image for the tutor's item (or loose when ownerId is null) and records it. */
export async function addImage(
  db: Executor,
  a: { kind: ContentKind; tutorId: number; ownerId: number | null; image: unknown; max: number },
  storage: FileStorage,
): Promise<ContentImage & { owner_id: number | null }> {
  if (a.ownerId !== null && (await imageCount(db, a.kind, a.ownerId)) >= a.max)
    throw new FieldErrors({ image: [msg('validation.length', { min: 0, max: a.max })] })
  const image = await encodeImage(a.image)
  const stored = await storeImage(storage, { tutorId: a.tutorId, image })
  try {
    const row = await db
      .insertInto(IMAGE_TABLE[a.kind] as 'blog_images')
      .values({
        tutor_id: a.tutorId,
        [OWNER_COLUMN[a.kind]]: a.ownerId,
        storage_key: stored.key,
        url: stored.url,
        width: image.width,
        height: image.height,
      } as { tutor_id: number; storage_key: string; url: string; width: number; height: number })
      .returning(['id', 'url', 'width', 'height'])
      .executeTakeFirstOrThrow()
    return { ...row, owner_id: a.ownerId }
  } catch (err) {
    await storage.delete(stored.key).catch(() => undefined)
    throw err
  }
}

/** Removes one image (of this tutor when tutorId is given); answers its storage key to delete after commit. */
export async function removeImage(
  db: Executor,
  a: { kind: ContentKind; imageId: number; tutorId: number | null },
): Promise<{ key: string; ownerId: number | null }> {
  let q = db.deleteFrom(IMAGE_TABLE[a.kind] as 'blog_images').where('id', '=', a.imageId)
  if (a.tutorId !== null) q = q.where('tutor_id', '=', a.tutorId)
  const row = await q
    .returning(['storage_key', `${OWNER_COLUMN[a.kind]} as owner` as 'blog_id as owner'])
    .executeTakeFirst()
  if (!row) throw notFound()
  return { key: row.storage_key, ownerId: row.owner }
}
