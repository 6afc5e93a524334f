// bun run scripts/files.ts migrate-to-s3 — copies every stored file under DATA_DIR/files to the object
// store named by S3_* (docs/deploy.md#files). Idempotent: a key already in the store with the same size is
// left alone, so it can run again after an interruption, or once more after switching the servers over to
// catch what was uploaded meanwhile. The files on disk are kept (delete them once the site runs on S3).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { parseEnv } from '../server/env'
import { fileStorage, isValidKey, s3Settings } from '../server/integrations/storage/storage'

const command = process.argv[2]
if (command !== 'migrate-to-s3') {
  console.error('usage: bun run scripts/files.ts migrate-to-s3')
  process.exit(2)
}
const env = parseEnv()
const s3 = s3Settings(env)
if (!s3) {
  console.error('set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to name the store to copy to')
  process.exit(2)
}
const root = resolve(env.DATA_DIR, 'files')
const keys: string[] = []
const walk = (dir: string) => {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path)
    else if (entry.isFile()) keys.push(relative(root, path).split(sep).join('/'))
  }
}
walk(root)

const store = fileStorage(env)
let copied = 0
let present = 0
let skipped = 0
for (const key of keys) {
  // Only what the server itself names (temporary files of an interrupted write are not files).
  if (!isValidKey(key)) {
    skipped++
    continue
  }
  const path = join(root, key)
  const size = statSync(path).size
  // The store's own get (a HEAD) says whether the key is there, and how big.
  if ((await store.get(key))?.size === size) {
    present++
    continue
  }
  const type = key.endsWith('.pdf')
    ? 'application/pdf'
    : key.endsWith('.png')
      ? 'image/png'
      : key.endsWith('.webp')
        ? 'image/webp'
        : key.endsWith('.jpg')
          ? 'image/jpeg'
          : 'application/octet-stream'
  await store.put(key, await Bun.file(path).bytes(), type)
  copied++
}
console.log(`${copied} copied, ${present} already in the bucket ${s3.bucket}, ${skipped} not files of the site`)
