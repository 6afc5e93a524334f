// bun run db:types — regenerate db/types.ts (with --verify: exit 1 when the committed file is stale).
import { TYPES_FILE, generateTypes } from '../db/codegen'

const text = await generateTypes()
if (process.argv.includes('--verify')) {
  const current = await Bun.file(TYPES_FILE)
    .text()
    .catch(() => '')
  if (current !== text) {
    console.error('db/types.ts is stale: run `bun run db:types`')
    process.exit(1)
  }
  console.log('db/types.ts is up to date')
} else {
  await Bun.write(TYPES_FILE, text)
  console.log(`wrote ${TYPES_FILE}`)
}
