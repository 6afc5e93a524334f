// bun run restore FILE [--force] — brings an archive of `bun run backup` back into a fresh DATA_DIR (the
// embedded database) or the empty database of DATABASE_URL: the tables in one transaction, then the stored
// files and DATA_DIR's key files. Refuses a database that already has staff, tutors or clients (--force
// replaces them) and a DATA_DIR a server is running on. See docs/operations.md#backups.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { unzipSync } from 'fflate'
import { RestoreRefused, restoreDatabase } from '../db/backup'
import { runningServer } from '../server/embedded-db'
import { parseEnv } from '../server/env'
import { BACKUP_FORMAT } from './backup-format'
import { flags, openCliDatabase } from './cli-db'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
const force = flags(args).force === 'true'
if (!file || !existsSync(file)) {
  console.error('usage: bun run restore FILE [--force]')
  process.exit(2)
}
const env = parseEnv()
const dataDir = resolve(env.DATA_DIR)
if (!env.DATABASE_URL && runningServer(dataDir)) {
  console.error(`a server is running on DATA_DIR ${dataDir}: stop it before restoring`)
  process.exit(1)
}

const entries = unzipSync(new Uint8Array(await Bun.file(file).arrayBuffer()))
const text = (name: string) => new TextDecoder().decode(entries[name])
const manifest = JSON.parse(text('manifest.json')) as {
  format: number
  migrations: string[]
  tables: Record<string, number>
}
if (manifest.format !== BACKUP_FORMAT) {
  console.error(`unknown archive format ${manifest.format} (this version reads ${BACKUP_FORMAT})`)
  process.exit(1)
}
const tables = Object.keys(manifest.tables).map((name) => {
  const body = text(`db/${name}.ndjson`)
  return { name, rows: body ? body.split('\n') : [] }
})

const { handle } = await openCliDatabase()
try {
  await restoreDatabase(handle.db, { migrations: manifest.migrations, tables }, { force })
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err
  console.error(`restore refused: ${err.message}`)
  process.exit(1)
} finally {
  await handle.close()
}

const write = (root: string, rel: string, data: Uint8Array) => {
  const path = resolve(root, rel)
  if (!path.startsWith(root + sep)) throw new Error(`archive entry escapes its folder: ${rel}`)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileSync(path, data, { mode: 0o600 })
}
let files = 0
for (const [name, data] of Object.entries(entries)) {
  if (name.startsWith('files/') && !name.endsWith('/')) {
    write(join(dataDir, 'files'), name.slice('files/'.length), data)
    files++
  } else if (name.startsWith('data-dir/')) write(dataDir, name.slice('data-dir/'.length), data)
}
const rows = tables.reduce((n, t) => n + t.rows.length, 0)
console.log(
  `restored ${tables.length} tables, ${rows} rows, ${files} files into ${env.DATABASE_URL ? 'DATABASE_URL' : dataDir}`,
)
