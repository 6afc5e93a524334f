// News images ("images resized by a maintained image library"): an upload is checked
// like every other (server/domain/tutors/files.ts checkUpload: magic bytes JPG/PNG/WebP, 10 MB, and
// the pixel count read from the header before anything decodes it), then sharp — with its own
// limitInputPixels as a second guard — turns it upright, drops its metadata and writes WebP:
//   news/<news id>/<name>.webp        the main image, at most NEWS_IMAGE.width px wide
//   news/<news id>/<name>-400.webp    the list's 400×225 cover thumbnail
// Text images (add_image) get the main rendition only. Names are random, so a replaced image never
// comes back from a cache.
import sharp from 'sharp'
import { FieldErrors } from '../../../common/errors'
import { NEWS_IMAGE } from '../../../common/schemas/admin/news.schema'
import { type FileStorage, keyOf, randomName } from '../../integrations/storage/storage'
import { FILE_MESSAGES, MAX_FILE_BYTES, MAX_IMAGE_PIXELS, checkUpload } from '../tutors/files'

const SHARP_INPUT = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const
export const NEWS_IMAGE_TYPES = ['jpg', 'png', 'webp'] as const
export const NEWS_IMAGE_MAX_BYTES = MAX_FILE_BYTES

/** news.image */
export interface StoredNewsImage {
  key: string
  thumb_key: string
  width: number
  height: number
}

export const mediaUrl = (key: string) => `/media/${key}`

/** sharp's refusal as the form's message: too many pixels, or unreadable. */
function refusalOf(err: unknown): string {
  return err instanceof Error && /pixel limit/i.test(err.message)
    ? FILE_MESSAGES.imagePixels
    : FILE_MESSAGES.imageUnreadable
}

/** Checks an upload and decodes it into the main WebP rendition (and the thumbnail when asked). */
async function render(value: unknown, thumb: boolean) {
  const checked = await checkUpload(value, NEWS_IMAGE_TYPES, {
    type: () => FILE_MESSAGES.imageType,
    tooLarge: () => FILE_MESSAGES.imageTooLarge,
  })
  if ('error' in checked) throw new FieldErrors({ image: [checked.error] })
  try {
    const upright = sharp(checked.bytes, SHARP_INPUT).rotate().flatten({ background: '#ffffff' })
    const main = await upright
      .clone()
      .resize({ width: NEWS_IMAGE.width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    const small = thumb
      ? await upright
          .clone()
          .resize(NEWS_IMAGE.thumbWidth, NEWS_IMAGE.thumbHeight, { fit: 'cover', position: 'attention' })
          .webp({ quality: 75 })
          .toBuffer()
      : null
    return { main: main.data, width: main.info.width, height: main.info.height, thumb: small }
  } catch (err) {
    throw new FieldErrors({ image: [refusalOf(err)] })
  }
}

/** A checked upload decoded into the main image and its thumbnail (nothing stored yet). */
export type RenderedImage = Awaited<ReturnType<typeof render>>
export const renderMainImage = (image: unknown) => render(image, true)

/** Writes the main image and its thumbnail of a news item; answers what news.image keeps. */
export async function putMainImage(
  storage: FileStorage,
  { newsId, rendered: r }: { newsId: number; rendered: RenderedImage },
): Promise<StoredNewsImage> {
  const name = randomName()
  const key = keyOf('news', newsId, name, 'webp')
  const thumbKey = keyOf('news', newsId, `${name}-${NEWS_IMAGE.thumbWidth}`, 'webp')
  await storage.put(key, r.main, 'image/webp')
  try {
    await storage.put(thumbKey, r.thumb!, 'image/webp')
  } catch (err) {
    await storage.delete(key).catch(() => {})
    throw err
  }
  return { key, thumb_key: thumbKey, width: r.width, height: r.height }
}

/** Writes an image for the text of a news item (add_image). */
export async function storeTextImage(storage: FileStorage, { newsId, image }: { newsId: number; image: unknown }) {
  const r = await render(image, false)
  const key = keyOf('news', newsId, randomName(), 'webp')
  await storage.put(key, r.main, 'image/webp')
  return { key, width: r.width, height: r.height }
}

/** Removes stored files; a file already gone is fine. */
export async function removeFiles(storage: FileStorage, keys: string[]) {
  await Promise.allSettled(keys.map((k) => storage.delete(k)))
}

export function imageAnswer(v: unknown) {
  const i = v as StoredNewsImage | null
  if (!i || typeof i !== 'object' || !i.key) return null
  return { url: mediaUrl(i.key), thumb_url: mediaUrl(i.thumb_key), width: i.width, height: i.height }
}
