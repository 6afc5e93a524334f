// Checks on uploaded files: the type is read from the content (magic bytes, through `file-type`, and
// the signature at offset 0 checked again here), never from the name or the declared content type;
// sizes and counts are capped. Refusals are 422 field messages.
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'

export const MAX_FILE_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENTS_PER_SAVE = 10
export const MAX_DOCUMENTS_PER_TUTOR = 20
/** Pixel cap of any uploaded image, read from its header before anything decodes it (a pixel flood). */
export const MAX_IMAGE_PIXELS = 40_000_000

export type FileExt = 'pdf' | 'jpg' | 'png' | 'webp'
export type FileMime = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp'

const MIME_OF: Record<FileExt, FileMime> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** Signatures at offset 0 (RIFF....WEBP for WebP). */
const SIGNATURES: Record<FileExt, (b: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]), // %PDF-
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  webp: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
}

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return bytes.length >= sig.length && sig.every((v, i) => bytes[i] === v)
}

/** Refusal texts without a catalog key yet (shown as they are). */
export const FILE_MESSAGES = {
  notAFile: 'Not a file',
  empty: (name: string) => `${name}: the file is empty`,
  tooLarge: (name: string) => `${name}: the file is larger than 10 MB`,
  documentType: (name: string) => `${name}: only PDF, JPG and PNG files are accepted`,
  tooManyAtOnce: `At most ${MAX_DOCUMENTS_PER_SAVE} files at a time`,
  tooManyStored: `At most ${MAX_DOCUMENTS_PER_TUTOR} documents per profile`,
  imageType: 'Only JPG, PNG and WebP images are accepted',
  imageTooLarge: 'The image is larger than 10 MB',
  imagePixels: 'The image has too many pixels (at most 40 megapixels)',
  imageUnreadable: 'The image cannot be read',
  documentPixels: (name: string) => `${name}: the image has too many pixels (at most 40 megapixels)`,
} as const

/**
 * Width × height as the image's header declares them (sharp's metadata reads the header only; nothing
 * is decoded), or null when there is no readable header.
 */
async function declaredPixels(bytes: Uint8Array): Promise<number | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    return meta.width && meta.height ? meta.width * meta.height : null
  } catch {
    return null
  }
}

/** The type the content shows, when it is one of `allowed`. */
export async function detectType(
  bytes: Uint8Array,
  allowed: readonly FileExt[],
): Promise<{ ext: FileExt; mime: FileMime } | null> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined)
  const ext = found?.ext as FileExt | undefined
  if (!ext || !allowed.includes(ext) || found!.mime !== MIME_OF[ext] || !SIGNATURES[ext](bytes)) return null
  return { ext, mime: MIME_OF[ext] }
}

/** A file name safe to store and to send back in Content-Disposition: no path, no control characters. */
export function safeFileName(name: string, fallback = 'document'): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  return (clean || fallback).slice(0, 150)
}

/** The name with the extension of the detected type (a PDF named photo.png downloads as photo.png.pdf). */
export function nameWithExt(name: string, ext: FileExt): string {
  const lower = name.toLowerCase()
  const ok = ext === 'jpg' ? lower.endsWith('.jpg') || lower.endsWith('.jpeg') : lower.endsWith(`.${ext}`)
  return ok ? name : `${name}.${ext}`
}

export interface CheckedUpload {
  name: string
  bytes: Uint8Array
  ext: FileExt
  mime: FileMime
}

/**
 * Reads and checks one uploaded value: a File (Blob) within the size cap whose content is one of
 * `allowed`, an image at most MAX_IMAGE_PIXELS by its header. Answers the upload or the refusal
 * message. The size is checked before reading.
 */
export async function checkUpload(
  value: unknown,
  allowed: readonly FileExt[],
  messages: { type: (name: string) => string; tooLarge: (name: string) => string; pixels?: (name: string) => string },
): Promise<CheckedUpload | { error: string }> {
  if (!(value instanceof Blob)) return { error: FILE_MESSAGES.notAFile }
  const name = safeFileName(value instanceof File ? value.name : '')
  if (value.size === 0) return { error: FILE_MESSAGES.empty(name) }
  if (value.size > MAX_FILE_BYTES) return { error: messages.tooLarge(name) }
  const bytes = new Uint8Array(await value.arrayBuffer())
  const type = await detectType(bytes, allowed)
  if (!type) return { error: messages.type(name) }
  // Every image path (avatars, documents, chat media) refuses a pixel flood here: whatever decodes
  // the file later — sharp, or the browser it is shown in — would have to hold every pixel.
  if (type.ext !== 'pdf') {
    const pixels = await declaredPixels(bytes)
    if (pixels === null) return { error: messages.type(name) }
    if (pixels > MAX_IMAGE_PIXELS) return { error: messages.pixels?.(name) ?? FILE_MESSAGES.imagePixels }
  }
  return { name, bytes, ...type }
}
