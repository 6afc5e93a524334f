// Deterministic demo data for an empty database (never in production; see server/main.ts).
// Accounts and passwords are listed in docs/decisions.md.
import type { Db } from '../client'
import { inOneTransaction } from '../one-transaction'
import { startStep } from '../start-steps'
import { createStaff } from '../../server/domain/auth/sign-in'
import { hashPassword } from '../../server/domain/auth/passwords'
import type { Edition, EditionCode } from '../../common/editions'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { seedDemoOrders } from './demo-orders'
import { seedReference } from './reference'
import { seedTutorPrices } from './tutor-prices'
import { demoPerson } from './demo-people'
import { completeAccountTutor, seedDemoReviews, seedDemoTutors } from './demo-tutors'
import { seedDemoSiteReviews } from './demo-site-reviews'
import { seedDemoBlogs } from './demo-blogs'
import { seedDemoMessageTemplates } from './demo-messages'
import { seedDemoActivity } from './demo-activity'
import type { FileStorage } from '../../server/integrations/storage/storage'

export const DEMO_PASSWORD = 'demo-password-1'

/** Staff accounts (status 1 admin … 4 senior manager); names in the edition's language (demoPerson). */
export const DEMO_STAFF = [
  { email: 'admin@example.com', status: 1 },
  { email: 'manager@example.com', status: 2 },
  { email: 'content@example.com', status: 3 },
  { email: 'senior@example.com', status: 4 },
] as const

/** Index of a demo account's name in the edition's people list (demo tutors take 0…71, clients 101…). */
const NAME_OF = { staff: 150, tutor: 160, client: 161, both: 163 } as const

/**
 * The demo marketplace when the database has no staff yet. The seed is one transaction, so a start
 * killed half-way leaves no demo data at all (its staff included) and the next start, or
 * `bun run seed`, seeds it whole. Avatar files written before such a kill stay in storage unused.
 */
/**
 * The demo accounts' phones (tutor, client, both roles), national digits as each country's people write
 * them and of the edition's length (docs/product.md: ua 10, pl 9, kz 10, us and in 10 with +1, mx 10,
 * es 9, ng 7–17): mobile prefixes there, 555-01xx (kept for fiction) behind +1.
 */
const DEMO_PHONES: Record<EditionCode, [string, string, string]> = {
  ua: ['0501234567', '0671234567', '0931234567'],
  pl: ['501234567', '601234567', '791234567'],
  kz: ['7011234567', '7071234567', '7771234567'],
  us: ['2125550143', '3125550178', '4155550121'],
  in: ['2125550144', '3125550179', '4155550122'],
  mx: ['5512345678', '3312345678', '8112345678'],
  es: ['612345678', '622345678', '712345678'],
  ng: ['08031234567', '08051234567', '07031234567'],
}

export async function seedIfEmpty(db: Db, ed: Edition, storage: FileStorage | null = null): Promise<boolean> {
  return inOneTransaction(db, async (tx) => {
    const any = await tx.selectFrom('staff').select('id').limit(1).executeTakeFirst()
    if (any) return false
    await seedSteps(tx, ed, storage)
    return true
  })
}

/** The demo marketplace (one transaction); avatars are stored when a file storage is given (server start, `bun run seed`). */
export async function seedDemo(db: Db, ed: Edition, storage: FileStorage | null = null) {
  await inOneTransaction(db, (tx) => seedSteps(tx, ed, storage))
}

async function seedSteps(db: Db, ed: Edition, storage: FileStorage | null) {
  await seedReference(db, ed)
  // One hash for every demo account (they share the password): argon2 at production cost is slow on purpose.
  const hash = await hashPassword(DEMO_PASSWORD)
  for (const [k, s] of DEMO_STAFF.entries())
    await createStaff(db, { ...s, name: demoPerson(ed.code, NAME_OF.staff + k).full, password: DEMO_PASSWORD }, hash)
  await seedDemoSiteReviews(db, ed)
  await seedDemoMessageTemplates(db, ed)
  const [tutorPhone, clientPhone, bothPhone] = DEMO_PHONES[ed.code]
  const tutorName = demoPerson(ed.code, NAME_OF.tutor)
  const tutorPerson = await db
    .insertInto('people')
    .values({ email: 'tutor@example.com', phone: tutorPhone, name: tutorName.full, password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  const tutor = await db
    .insertInto('tutors')
    .values({
      person_id: tutorPerson.id,
      name: tutorName.full,
      first_name: tutorName.first,
      status: 2,
      published: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const clientName = demoPerson(ed.code, NAME_OF.client).full
  const clientPerson = await db
    .insertInto('people')
    .values({ email: 'client@example.com', phone: clientPhone, name: clientName, password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  const client = await db
    .insertInto('clients')
    .values({ person_id: clientPerson.id, name: clientName })
    .returning('id')
    .executeTakeFirstOrThrow()
  // One person with both roles, to show the role switch.
  const bothName = demoPerson(ed.code, NAME_OF.both)
  const both = await db
    .insertInto('people')
    .values({ email: 'both@example.com', phone: bothPhone, name: bothName.full, password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('tutors')
    .values({ person_id: both.id, name: bothName.full, first_name: bothName.first, status: 2 })
    .execute()
  await db.insertInto('clients').values({ person_id: both.id, name: bothName.full }).execute()
  await seedDemoOrders(db, ed, {
    tutorId: tutor.id,
    clientId: client.id,
    clientName,
    clientEmail: 'client@example.com',
  })

  // The marketplace around the demo accounts: tutors with photos, reviews from paid orders, TOPs.
  await completeAccountTutor(db, ed, tutor.id, storage)
  const tutors = await seedDemoTutors(db, ed, storage)
  await startStep('demo')
  await seedDemoReviews(db, ed, tutors)
  await seedDemoBlogs(db, ed, tutors, tutor.id)
  // Every seeded tutor with subjects gets prices from its band (seed hook of tutor prices); every
  // demo tutor is listed again with its prices, reviews and TOPs.
  const priced = await seedTutorPrices(db, ed)
  // Wallets and order chats, so the cabinets and chats of a first start are not empty.
  const admin = await db.selectFrom('staff').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  await seedDemoActivity(db, ed, { accountTutorId: tutor.id, staffId: admin.id })
  await refreshListings(db, [...new Set([...priced, ...tutors, tutor.id])])
}
