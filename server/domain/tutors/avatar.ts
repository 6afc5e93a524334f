// Tutor avatars: set (upload), crop and remove, by the tutor or staff. An upload is checked by its
// magic bytes (JPG, PNG or WebP), its size (10 MB) and its pixel count before decoding (sharp's
// limitInputPixels: a decompression bomb is a 422, never a crash). What is kept:
//   avatar-originals/<tutor>/<name>.jpg   private: the upload turned upright, flattened, re-encoded
//                                          (metadata dropped), at most 3000 px a side; crops start here
//   avatars/<tutor>/<name>.jpg            public main image, at most 1600 px a side (tutors.avatar_url)
//   avatars/<tutor>/<name>-130.jpg        public 130×130 cover preview (cards.ts previewUrl)
// Every change gets new random names, so cached copies never go stale, and rebuilds the listing
// (the photo earns ranking points).
import sharp from 'sharp'
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/keys'
import { type FileStorage, keyOf, randomName } from '../../integrations/storage/storage'
import { previewUrl } from '../catalogue/cards'
import { refreshListings } from '../catalogue/listings'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import { FILE_MESSAGES, MAX_IMAGE_PIXELS, checkUpload } from './files'

export const AVATAR_MAX_SIDE = 1600
export const ORIGINAL_MAX_SIDE = 3000
export const PREVIEW_SIZE = 130
/** Pixel cap checked from the header before any decoding (checkUpload, and sharp's own limit below). */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS

export interface Crop {
  x: number
  y: number
  width: number
  height: number
}

/** tutors.avatar_files */
export interface AvatarFiles {
  key: string
  preview_key: string
  original_key: string
  original_width: number
  original_height: number
  crop: Crop | null
}

const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const

export function avatarAnswer(url: string | null, files: unknown) {
  if (!url) return null
  const f = files as Partial<AvatarFiles> | null
  return {
    url,
    preview_url: previewUrl(url),
    /** Size of the stored original, the space crop coordinates are given in. */
    original: f?.original_width ? { width: f.original_width, height: f.original_height! } : null,
    crop: f?.crop ?? null,
  }
}
export type AvatarAnswer = ReturnType<typeof avatarAnswer>

const publicUrl = (key: string) => `/media/${key}`

/** Decodes an upload into the normalised original, refusing what is not a safe image. */
async function normalise(value: unknown): Promise<{ data: Buffer; width: number; height: number }> {
  const checked = await checkUpload(value, ['jpg', 'png', 'webp'], {
    type: () => FILE_MESSAGES.imageType,
    tooLarge: () => FILE_MESSAGES.imageTooLarge,
  })
  if ('error' in checked) throw new FieldErrors({ image: [checked.error] })
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    meta = await sharp(checked.bytes, SHARP_INPUT).metadata()
  } catch (err) {
    throw new FieldErrors({ image: [refusalOf(err)] })
  }
  if (!meta.width || !meta.height) throw new FieldErrors({ image: [FILE_MESSAGES.imageUnreadable] })
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new FieldErrors({ image: [FILE_MESSAGES.imagePixels] })
  try {
    const { data, info } = await sharp(checked.bytes, SHARP_INPUT)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch (err) {
    throw new FieldErrors({ image: [refusalOf(err)] })
  }
}

/** sharp's refusal as the form's message: too many pixels, or unreadable. */
function refusalOf(err: unknown): string {
  return err instanceof Error && /pixel limit/i.test(err.message)
    ? FILE_MESSAGES.imagePixels
    : FILE_MESSAGES.imageUnreadable
}

/** Crop in whole pixels inside the original, or a 422 on the offending field. */
function checkCrop(crop: Crop, width: number, height: number): Crop {
  const c = {
    x: Math.round(crop.x),
    y: Math.round(crop.y),
    width: Math.round(crop.width),
    height: Math.round(crop.height),
  }
  const fields: Record<string, string[]> = {}
  const bad = (f: string) => (fields[f] = [msg('validation.invalid')])
  if (!(c.x >= 0 && c.x < width)) bad('x')
  if (!(c.y >= 0 && c.y < height)) bad('y')
  if (!(c.width >= 1 && c.x + c.width <= width)) bad('width')
  if (!(c.height >= 1 && c.y + c.height <= height)) bad('height')
  if (Object.keys(fields).length) throw new FieldErrors(fields)
  return c
}

/** The public main image and preview of an original (cropped when asked). */
async function renditions(original: Buffer, crop: Crop | null): Promise<{ main: Buffer; preview: Buffer }> {
  let image = sharp(original, SHARP_INPUT)
  if (crop) image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
  const main = await image
    .resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
  const preview = await sharp(main, SHARP_INPUT)
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'cover' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
  return { main, preview }
}

async function lockTutor(trx: Executor, tutorId: number) {
  const row = await trx
    .selectFrom('tutors')
    .select(['id', 'avatar_url', 'avatar_files'])
    .where('id', '=', tutorId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound()
  return { url: row.avatar_url, files: row.avatar_files as AvatarFiles | null }
}

const keysOf = (f: AvatarFiles | null) => (f ? [f.key, f.preview_key, f.original_key] : [])

/**
 * Writes new public renditions (and optionally a new original) and points the tutor at them in one
 * transaction; old files are removed after it commits, new ones if it fails.
 */
async function replaceAvatar(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { tutorId, action, storage }: { tutorId: number; action: string; storage: FileStorage },
  build: (current: AvatarFiles | null) => Promise<{
    original?: { data: Buffer; width: number; height: number }
    crop: Crop | null
    base: AvatarFiles | null
  }>,
) {
  const written: string[] = []
  try {
    const exists = await db.selectFrom('tutors').select(['avatar_files']).where('id', '=', tutorId).executeTakeFirst()
    if (!exists) throw notFound()
    const plan = await build(exists.avatar_files as AvatarFiles | null)
    const name = randomName()
    let originalKey: string
    let originalBytes: Buffer
    let size: { width: number; height: number }
    if (plan.original) {
      originalKey = keyOf('avatar-originals', tutorId, name, 'jpg')
      originalBytes = plan.original.data
      size = plan.original
      await storage.put(originalKey, originalBytes, 'image/jpeg')
      written.push(originalKey)
    } else {
      const base = plan.base!
      const stored = await storage.get(base.original_key)
      if (!stored) throw wrongStatus()
      originalKey = base.original_key
      originalBytes = Buffer.from(await stored.bytes())
      size = { width: base.original_width, height: base.original_height }
    }
    const { main, preview } = await renditions(originalBytes, plan.crop)
    const key = keyOf('avatars', tutorId, name, 'jpg')
    const previewKey = keyOf('avatars', tutorId, `${name}-${PREVIEW_SIZE}`, 'jpg')
    await storage.put(key, main, 'image/jpeg')
    written.push(key)
    await storage.put(previewKey, preview, 'image/jpeg')
    written.push(previewKey)
    const files: AvatarFiles = {
      key,
      preview_key: previewKey,
      original_key: originalKey,
      original_width: size.width,
      original_height: size.height,
      crop: plan.crop,
    }
    const url = publicUrl(key)

    const old = await db.transaction().execute(async (trx) => {
      const current = await lockTutor(trx, tutorId)
      // A crop must still start from the tutor's current original (no other upload in between).
      if (!plan.original && current.files?.original_key !== originalKey) throw wrongStatus()
      await trx
        .updateTable('tutors')
        .set({ avatar_url: url, avatar_files: jsonb(files), updated_at: sql<Date>`now()` })
        .where('id', '=', tutorId)
        .execute()
      await audit(trx, actor, { action: action, entity: 'tutor', id: tutorId, data: { url, crop: plan.crop } })
      await refreshListings(trx, [tutorId])
      return current.files
    })
    // The old files go, except an original the new avatar still crops from.
    const obsolete = keysOf(old).filter((k) => k !== originalKey)
    await Promise.allSettled(obsolete.map((k) => storage.delete(k)))
    return avatarAnswer(url, files)
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)))
    throw err
  }
}

/** A new avatar from an upload, optionally cropped at once. */
export function setAvatar(
  scope: Pick<Scope, 'db' | 'actor'>,
  { tutor_id: tutorId, image, crop }: { tutor_id: number; image: unknown; crop?: Crop | null },
  storage: FileStorage,
) {
  return replaceAvatar(scope, { tutorId, action: 'tutor.avatar_set', storage }, async () => {
    const original = await normalise(image)
    return { original, crop: crop ? checkCrop(crop, original.width, original.height) : null, base: null }
  })
}

/** A new crop of the stored original. 409 wrong_status when there is no avatar. */
export function cropAvatar(
  scope: Scope,
  { tutor_id: tutorId, ...crop }: Crop & { tutor_id: number },
  storage: FileStorage,
) {
  return replaceAvatar(scope, { tutorId, action: 'tutor.avatar_crop', storage }, async (current) => {
    if (!current) throw wrongStatus()
    return { crop: checkCrop(crop, current.original_width, current.original_height), base: current }
  })
}

export async function removeAvatar(
  { db, actor }: Scope,
  { tutor_id: tutorId }: { tutor_id: number },
  storage: FileStorage,
) {
  const old = await db.transaction().execute(async (trx) => {
    const current = await lockTutor(trx, tutorId)
    await trx
      .updateTable('tutors')
      .set({ avatar_url: null, avatar_files: null, updated_at: sql<Date>`now()` })
      .where('id', '=', tutorId)
      .execute()
    await audit(trx, actor, { action: 'tutor.avatar_remove', entity: 'tutor', id: tutorId, data: { url: current.url } })
    await refreshListings(trx, [tutorId])
    return current.files
  })
  await Promise.allSettled(keysOf(old).map((k) => storage.delete(k)))
  return null
}

/** The crop sent beside an image, when all four numbers are there. */
export function cropOf(v: Partial<Crop>): Crop | null {
  return v.x !== undefined && v.y !== undefined && v.width !== undefined && v.height !== undefined
    ? { x: v.x, y: v.y, width: v.width, height: v.height }
    : null
}
