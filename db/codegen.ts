// db/types.ts is generated from the migrated schema: migrate an in-memory PGlite, then run
// kysely-codegen's introspection over it (it has no PGlite dialect, but the PostgreSQL one works).
import { PostgresDialect as CodegenPostgresDialect, generate } from 'kysely-codegen'
import { createDb } from './client'
import { migrateToLatest } from './migrate'

export const TYPES_FILE = new URL('./types.ts', import.meta.url).pathname

export async function generateTypes(): Promise<string> {
  const handle = await createDb({})
  try {
    await migrateToLatest(handle.db)
    const text = await generate({
      db: handle.db,
      dialect: new CodegenPostgresDialect(),
      // int8 as number: both drivers are set to parse it so. json as unknown keeps the tRPC client's inference shallow (trpc#6997).
      typeMapping: { json: 'unknown', jsonb: 'unknown', int8: 'number' },
      excludePattern: '(public.)?kysely_*',
      outFile: null,
      print: false,
      logger: undefined,
    })
    return text
  } finally {
    await handle.close()
  }
}
