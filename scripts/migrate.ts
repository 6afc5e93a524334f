// bun run db:migrate
import { openCliDatabase } from './cli-db'
const { handle } = await openCliDatabase()
console.log(`migrated (${handle.kind})`)
await handle.close()
