// File storage: uploaded documents and avatars, by key. Keys are made by the server only
// (`<namespace>/<tutor id>/<random name>[.ext]`) and checked here, so nothing a browser sends can
// name a path. The local implementation keeps files on disk under DATA_DIR/files, outside the web
// root; an S3-like implementation can take its place behind the same interface.
import { resolve } from 'node:path'
import type { Env } from '../../env'
import { localDiskStorage } from './local'

export interface StoredFile {
  /** The bytes, readable as a stream (a Response body) or at once. */
  blob: Blob
  size: number
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
export type Namespace = 'avatars' | 'avatar-originals' | 'documents' | 'chat-media' | 'news' | 'tutor-content'

const KEY =
  /^(avatars|avatar-originals|documents|chat-media|news|tutor-content)\/\d{1,12}\/[A-Za-z0-9_-]{8,80}(\.(jpg|png|pdf|webp))?$/

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

/** The storage of this process: local disk under DATA_DIR/files (one instance per directory). */
export function fileStorage(env: Pick<Env, 'DATA_DIR'>): FileStorage {
  const root = resolve(env.DATA_DIR, 'files')
  let storage = instances.get(root)
  if (!storage) {
    storage = localDiskStorage(root)
    instances.set(root, storage)
  }
  return storage
}
