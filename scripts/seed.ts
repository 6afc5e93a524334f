// bun run seed [--tutors N] — deterministic demo data into an empty database.
import { seedIfEmpty } from '../db/seed/demo'
import { edition } from '../server/domain/editions/editions'
import { flags, openCliDatabase } from './cli-db'

const f = flags(process.argv.slice(2))
const { env, handle } = await openCliDatabase()
try {
  const seeded = await seedIfEmpty(handle.db, edition(env.SITE))
  console.log(seeded ? 'seeded demo data' : 'database not empty: demo data left as it is')
  if (f.tutors) console.log('--tutors: bulk tutors arrive with the catalogue (issue 3)')
} finally {
  await handle.close()
}
