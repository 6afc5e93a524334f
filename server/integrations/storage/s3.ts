// Files in an S3-compatible object store (AWS S3, MinIO, R2…) through Bun's built-in S3 client, so every
// server process on every machine reads what any of them stored. Private files are streamed through the
// owner's or staff's download path (the store is never exposed to browsers for them); public images too,
// through /media/ (or from a CDN in front of the bucket, with MEDIA_ORIGIN). docs/deploy.md#files.
import { S3Client } from 'bun'
import { type FileStorage, assertKey } from './storage'

export interface S3Settings {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region?: string
}

export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({ ...settings, region: settings.region ?? 'us-east-1' })
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertKey(key)
      await client.write(key, data, { type: contentType })
    },
    async get(key) {
      assertKey(key)
      const file = client.file(key)
      const stat = await file.stat().catch((err: { code?: string }) => {
        if (err?.code === 'NoSuchKey' || err?.code === 'NotFound') return null
        throw err
      })
      if (!stat) return null
      // A stream, not the S3 file itself: Bun answers a Response of an S3 file with a redirect to the store.
      return { size: stat.size, body: () => file.stream(), bytes: () => file.bytes() }
    },
    async delete(key) {
      assertKey(key)
      await client.delete(key)
    },
  }
}
