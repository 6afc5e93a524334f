// File storage: uploaded documents and avatars, by key. Keys are made by the server only
// (`<namespace>/<tutor id>/<random name>[.ext]`) and checked here, so nothing a browser sends can
// name a path. The local implementation keeps files on disk under DATA_DIR/files, outside the web
// root; with S3_* set they go to an S3-compatible object store instead (s3.ts).
import { resolve } from 'node:path'
import type { Env } from '../../env'
import { localDiskStorage } from './local'
import { type S3Settings, s3Storage } from './s3'

export interface StoredFile {
  size: number
  /** A Response body: the file on disk (sent with sendfile), or a stream from the object store. */
  body(): Blob | ReadableStream<Uint8Array>
  /** All the bytes at once. */
  bytes(): Promise<Uint8Array>
}

export interface FileStorage {
  readonly kind: 'local' | 's3'
  put(key: string, data: Uint8Array, contentType: string): Promise<void>
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>
}

/** Namespaces served to anybody under /media/ (server/integrations/storage/media.ts); all others are private. */
export const PUBLIC_NAMESPACES = ['avatars', 'news', 'tutor-content'] as const
export type Namespace =
  | 'avatars'
  | 'avatar-originals'
  | 'staff-avatars'
  | 'documents'
  | 'chat-media'
  | 'news'
  | 'tutor-content'

const KEY =
  /^(avatars|avatar-originals|staff-avatars|documents|chat-media|news|tutor-content)\/\d{1,12}\/[A-Za-z0-9_-]{8,80}(\.(jpg|png|pdf|webp))?$/

export function isValidKey(key: string): boolean {
  return KEY.test(key)
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 100)}`)
}

/** An unguessable file name (128 random bits, base64url). */
export function randomName(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
}

export function keyOf(
  namespace: Namespace,
  ownerId: number,
  name: string,
  ext?: 'jpg' | 'png' | 'pdf' | 'webp',
): string {
  const key = `${namespace}/${ownerId}/${name}${ext ? `.${ext}` : ''}`
  assertKey(key)
  return key
}

const instances = new Map<string, FileStorage>()

type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION'
>

/** The object store's settings, when S3_ENDPOINT is set (env.ts requires the rest with it). */
export function s3Settings(env: StorageEnv): S3Settings | null {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    region: env.S3_REGION,
  }
}

/** The storage of this process: the object store with S3_*, else local disk under DATA_DIR/files. */
export function fileStorage(env: StorageEnv): FileStorage {
  const s3 = s3Settings(env)
  const id = s3 ? `s3:${s3.endpoint}/${s3.bucket}` : resolve(env.DATA_DIR, 'files')
  let storage = instances.get(id)
  if (!storage) {
    storage = s3 ? s3Storage(s3) : localDiskStorage(id)
    instances.set(id, storage)
  }
  return storage
}
