// Opens the database the way the server does (DATABASE_URL or PGlite in DATA_DIR), migrated.
import { openDatabase } from '../server/boot'
import { migrateToLatest } from '../db/migrate'
import { parseEnv } from '../server/env'
import { setPasswordHashCost } from '../server/domain/auth/passwords'

export async function openCliDatabase() {
  const env = parseEnv()
  setPasswordHashCost(env.PASSWORD_HASH_COST)
  const handle = await openDatabase(env)
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
