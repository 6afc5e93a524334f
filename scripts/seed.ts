// bun run seed [--tutors N] — deterministic demo data into an empty database; with --tutors N, N
// more bulk tutors for load tests (added on every run).
import { seedBulkTutors } from '../db/seed/bulk-tutors'
import { seedIfEmpty } from '../db/seed/demo'
import { edition } from '../common/editions'
import { fileStorage } from '../server/integrations/storage/storage'
import { flags, openCliDatabase } from './cli-db'

const f = flags(process.argv.slice(2))
const tutors = f.tutors ? Number(f.tutors) : 0
if (!Number.isInteger(tutors) || tutors < 0) {
  console.error('--tutors must be a whole number')
  process.exit(2)
}
const { env, handle } = await openCliDatabase()
try {
  const ed = edition(env.SITE)
  const seeded = await seedIfEmpty(handle.db, ed, fileStorage(env))
  console.log(seeded ? 'seeded demo data' : 'database not empty: demo data left as it is')
  if (tutors > 0) await seedBulkTutors(handle.db, ed, tutors, (line) => console.log(line))
} finally {
  await handle.close()
}
