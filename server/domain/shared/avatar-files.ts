// The files behind an avatar, whoever it belongs to (a tutor: domain/tutors/avatar.ts; a staff member:
// domain/staff/avatar.ts). An upload is checked by its magic bytes (JPG, PNG or WebP), its size
// (10 MB) and its pixel count before decoding (sharp's limitInputPixels: a decompression bomb is a
// 422, never a crash). What is kept, under the owner's namespaces:
//   <originals>/<owner>/<name>.jpg      the upload turned upright, flattened, re-encoded (metadata
//                                       dropped), at most 3000 px a side; crops start here
//   <images>/<owner>/<name>.jpg         the main image, at most 1600 px a side
//   <images>/<owner>/<name>-130.jpg     the 130×130 cover preview
// Every change gets new random names, so cached copies never go stale. The owner says where its row
// is and who may read the files; this module only makes and replaces them.
import sharp from 'sharp'
import { msg } from '../../../i18n/keys'
import { type FileStorage, type Namespace, keyOf, randomName } from '../../integrations/storage/storage'
import type { Executor } from './audit'
import type { Scope } from './scope'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { FILE_MESSAGES, MAX_IMAGE_PIXELS, checkUpload } from '../tutors/files'

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

/** The crop sent beside an upload, when all four numbers are there. */
export function cropOf(v: Partial<Crop>): Crop | null {
  return v.x !== undefined && v.y !== undefined && v.width !== undefined && v.height !== undefined
    ? { x: v.x, y: v.y, width: v.width, height: v.height }
    : null
}

/** The owner's `avatar_files` column. */
export interface AvatarFiles {
  key: string
  preview_key: string
  original_key: string
  original_width: number
  original_height: number
  crop: Crop | null
}

/** The owner's avatar columns: the main image's URL and its files. */
export interface StoredAvatar {
  url: string | null
  files: AvatarFiles | null
}

/** Where an avatar lives and how its owner's row is read and written. */
export interface AvatarOwner {
  id: number
  /** Private namespace of the originals. */
  originals: Namespace
  /** Namespace of the main image and the preview. */
  images: Namespace
  /** The URL the main image is reached at. */
  urlOf(key: string): string
  /** The current files, without a lock; 404 when the owner is not there. */
  read(db: Executor): Promise<AvatarFiles | null>
  /**
   * In the transaction: locks the owner's row (404 when gone) and answers what it holds, so the
   * caller can check it before `write`.
   */
  lock(trx: Executor): Promise<StoredAvatar>
  /** In the same transaction: stores the new avatar (nulls: none) in place of `previous` and audits `action`. */
  write(
    trx: Executor,
    change: { next: StoredAvatar; previous: StoredAvatar; action: 'avatar_set' | 'avatar_crop' | 'avatar_remove' },
  ): Promise<void>
}

const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const

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

/** The main image and preview of an original (cropped when asked). */
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

const keysOf = (f: AvatarFiles | null) => (f ? [f.key, f.preview_key, f.original_key] : [])

/** An upload checked, normalised and rendered, not yet stored: the CPU half of setting an avatar. */
export interface PreparedAvatar {
  original: { data: Buffer; width: number; height: number }
  crop: Crop | null
  main: Buffer
  preview: Buffer
}

/**
 * Checks an upload and renders its main image and preview (422 on anything but a safe image or a crop
 * inside it). sharp works on its own threads, so a batch (the demo seed) prepares several at once and
 * stores them one by one.
 */
export async function prepareAvatar(image: unknown, crop?: Crop | null): Promise<PreparedAvatar> {
  const original = await normalise(image)
  const checked = crop ? checkCrop(crop, original.width, original.height) : null
  return { original, crop: checked, ...(await renditions(original.data, checked)) }
}

type Plan = {
  original?: { data: Buffer; width: number; height: number }
  crop: Crop | null
  base: AvatarFiles | null
  /** The main image and preview when made already (a prepared upload). */
  rendered?: { main: Buffer; preview: Buffer }
}

/**
 * Writes new renditions (and optionally a new original) and points the owner at them in one
 * transaction; old files are removed after it commits, new ones if it fails.
 */
async function replaceAvatar(
  { db, owner, storage }: AvatarStore,
  action: 'avatar_set' | 'avatar_crop',
  build: (current: AvatarFiles | null) => Promise<Plan>,
): Promise<StoredAvatar & { files: AvatarFiles }> {
  const written: string[] = []
  try {
    const plan = await build(await owner.read(db))
    const name = randomName()
    let originalKey: string
    let originalBytes: Buffer
    let size: { width: number; height: number }
    if (plan.original) {
      originalKey = keyOf(owner.originals, owner.id, name, 'jpg')
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
    const { main, preview } = plan.rendered ?? (await renditions(originalBytes, plan.crop))
    // Originals and images may share one namespace (staff): the original is then told apart by name.
    const key = keyOf(owner.images, owner.id, owner.images === owner.originals ? `${name}-main` : name, 'jpg')
    const previewKey = keyOf(owner.images, owner.id, `${name}-${PREVIEW_SIZE}`, 'jpg')
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
    const url = owner.urlOf(key)

    const old = await db.transaction().execute(async (trx) => {
      const current = await owner.lock(trx)
      // A crop must still start from the owner's current original (no other upload in between).
      if (!plan.original && current.files?.original_key !== originalKey) throw wrongStatus()
      await owner.write(trx, { next: { url, files }, previous: current, action })
      return current.files
    })
    // The old files go, except an original the new avatar still crops from.
    const obsolete = keysOf(old).filter((k) => k !== originalKey)
    await Promise.allSettled(obsolete.map((k) => storage.delete(k)))
    return { url, files }
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)))
    throw err
  }
}

/** Whose avatar, in which database and file storage. */
export interface AvatarStore {
  db: Scope['db']
  owner: AvatarOwner
  storage: FileStorage
}

/** What a new avatar is made from: an upload (optionally cropped at once), or one prepared already. */
export type AvatarInput = { image: unknown; crop?: Crop | null } | { prepared: PreparedAvatar }

/** A new avatar from an upload, optionally cropped at once, or from a prepared one. */
export function setAvatarFiles(at: AvatarStore, input: AvatarInput) {
  return replaceAvatar(at, 'avatar_set', async () => {
    const p = 'prepared' in input ? input.prepared : await prepareAvatar(input.image, input.crop)
    return { original: p.original, crop: p.crop, base: null, rendered: { main: p.main, preview: p.preview } }
  })
}

/** A new crop of the stored original. 409 wrong_status when there is no avatar. */
export function cropAvatarFiles(at: AvatarStore, crop: Crop) {
  return replaceAvatar(at, 'avatar_crop', async (current) => {
    if (!current) throw wrongStatus()
    return { crop: checkCrop(crop, current.original_width, current.original_height), base: current }
  })
}

/** No avatar any more; the files go once the row says so. */
export async function removeAvatarFiles({ db, owner, storage }: AvatarStore): Promise<null> {
  const old = await db.transaction().execute(async (trx) => {
    const current = await owner.lock(trx)
    await owner.write(trx, { next: { url: null, files: null }, previous: current, action: 'avatar_remove' })
    return current.files
  })
  await Promise.allSettled(keysOf(old).map((k) => storage.delete(k)))
  return null
}
