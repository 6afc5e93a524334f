// bun run backup --out FILE — one archive (zip) with everything a restore needs: the database's tables
// (db/backup.ts, one snapshot; while the server runs, through its socket), the stored files under
// DATA_DIR/files (with S3_* set, a note that they live in the bucket), and DATA_DIR's key files (session, merchant-key and mail-profile secrets: without them
// encrypted columns cannot be read back). See docs/operations.md#backups.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { dumpDatabase } from '../db/backup'
import { flags, openCliDatabase } from './cli-db'
import { BACKUP_FORMAT, dataDirKeyFiles } from './backup-format'
import { s3Settings } from '../server/integrations/storage/storage'

const out = flags(process.argv.slice(2)).out
if (!out || out === 'true') {
  console.error('usage: bun run backup --out FILE')
  process.exit(2)
}

const { env, handle } = await openCliDatabase()
let dump: Awaited<ReturnType<typeof dumpDatabase>>
try {
  dump = await dumpDatabase(handle.db)
} finally {
  await handle.close()
}

const dataDir = resolve(env.DATA_DIR)
const filesRoot = join(dataDir, 'files')
const storedFiles: string[] = []
const walk = (dir: string) => {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path)
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) storedFiles.push(path)
  }
}
// With an object store the files are not on this machine: the store keeps (and versions) them itself.
const s3 = s3Settings(env)
if (!s3) walk(filesRoot)
const keyFiles = dataDirKeyFiles(dataDir)

const writer = Bun.file(out).writer()
const done = new Promise<void>((resolveDone, reject) => {
  const zip = new Zip((err, chunk, final) => {
    if (err) return reject(err)
    writer.write(chunk)
    if (final) resolveDone()
  })
  const add = (name: string, data: Uint8Array, compress = true) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name)
    zip.add(entry)
    entry.push(data, true)
  }
  const enc = new TextEncoder()
  const manifest = {
    format: BACKUP_FORMAT,
    created: new Date().toISOString(),
    database: handle.kind,
    migrations: dump.migrations,
    tables: Object.fromEntries(dump.tables.map((t) => [t.name, t.rows.length])),
    files: storedFiles.length,
    ...(s3 ? { filesIn: `s3 ${s3.endpoint} bucket ${s3.bucket} (not in this archive)` } : {}),
    keyFiles: keyFiles.map((f) => relative(dataDir, f)),
  }
  add('manifest.json', enc.encode(JSON.stringify(manifest, null, 2)))
  for (const t of dump.tables) add(`db/${t.name}.ndjson`, enc.encode(t.rows.join('\n')))
  // Images are compressed already: stored, not deflated again.
  for (const f of storedFiles) add(`files/${relative(filesRoot, f)}`, readFileSync(f), false)
  for (const f of keyFiles) add(`data-dir/${relative(dataDir, f)}`, readFileSync(f))
  zip.end()
})
await done
await writer.end()
const rows = dump.tables.reduce((n, t) => n + t.rows.length, 0)
console.log(
  `backup written to ${out}: ${dump.tables.length} tables, ${rows} rows, ${s3 ? `files in the bucket ${s3.bucket} (not copied)` : `${storedFiles.length} files`}, ${statSync(out).size} bytes`,
)
