// bun run scripts/admin.ts create --email E --password P --name N --status 1..4 — prints the new id.
import { z } from 'zod'
import { createStaff } from '../server/domain/auth/sign-in'
import { flags, openCliDatabase } from './cli-db'

const [command, ...rest] = process.argv.slice(2)
if (command !== 'create') {
  console.error('usage: bun run scripts/admin.ts create --email E --password P --name N --status 1..4')
  process.exit(2)
}
const parsed = z
  .object({
    email: z.email(),
    password: z.string().min(8, 'password: at least 8 characters'),
    name: z.string().trim().min(1),
    status: z.coerce.number().int().min(1).max(4),
  })
  .safeParse(flags(rest))
if (!parsed.success) {
  for (const i of parsed.error.issues) console.error(`${i.path.join('.')}: ${i.message}`)
  process.exit(2)
}
const { handle } = await openCliDatabase()
try {
  const id = await createStaff(handle.db, { ...parsed.data, status: parsed.data.status as 1 | 2 | 3 | 4 })
  console.log(id)
} catch (err) {
  const text = String(err)
  console.error(text.includes('staff_email_key') ? 'a staff account with this e-mail exists' : text)
  process.exitCode = 1
} finally {
  await handle.close()
}
