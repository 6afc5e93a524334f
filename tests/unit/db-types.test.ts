// db/types.ts must be what kysely-codegen generates from the migrated schema.
import { expect, test } from 'bun:test'
import { TYPES_FILE, generateTypes } from '../../db/codegen'

test('db/types.ts is up to date with the migrations', async () => {
  const fresh = await generateTypes()
  const committed = await Bun.file(TYPES_FILE).text()
  expect(committed === fresh ? 'up to date' : 'stale: run `bun run db:types`').toBe('up to date')
})
