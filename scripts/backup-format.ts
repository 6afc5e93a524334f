// What a backup archive holds besides the tables (scripts/backup.ts, scripts/restore.ts).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export const BACKUP_FORMAT = 1

/** DATA_DIR's own state that is not the database, the files or the running server's bookkeeping. */
const NOT_KEYS = new Set(['pglite', 'files', 'pglite.lock', 'pglite.sock', 'server.json'])

/** The top-level regular files of DATA_DIR: the random secrets the server keeps there when not configured. */
export function dataDirKeyFiles(dataDir: string): string[] {
  if (!existsSync(dataDir)) return []
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((e) => e.isFile() && !NOT_KEYS.has(e.name) && !e.name.startsWith('pglite.lock'))
    .map((e) => join(dataDir, e.name))
}
