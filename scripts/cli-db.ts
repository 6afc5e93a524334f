// Opens the database the way the server does (DATABASE_URL or PGlite in DATA_DIR), migrated. With the
// embedded database and a server running on DATA_DIR, through that server's socket (DATA_DIR/server.json);
// otherwise DATA_DIR itself, holding its lock (a second script waits for nothing: it stops with a message).
import { openDatabase } from '../server/boot'
import { DataDirInUse } from '../server/embedded-db'
import { migrateToLatest } from '../db/migrate'
import { parseEnv } from '../server/env'
import { setPasswordHashCost } from '../server/domain/auth/passwords'

export async function openCliDatabase() {
  const env = parseEnv()
  setPasswordHashCost(env.PASSWORD_HASH_COST)
  let handle: Awaited<ReturnType<typeof openDatabase>>
  try {
    handle = await openDatabase(env, 'script')
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err
    console.error(err.message)
    process.exit(1)
  }
  await migrateToLatest(handle.db)
  return { env, handle }
}

/** `--name value` pairs from argv. */
export function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a.startsWith('--')) {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) out[a.slice(2)] = 'true'
      else {
        out[a.slice(2)] = next
        i++
      }
    }
  }
  return out
}
