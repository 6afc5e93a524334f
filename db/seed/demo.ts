// Deterministic demo data for an empty database (never in production; see server/main.ts).
// Accounts and passwords are listed in README.md.
import type { Db } from '../client'
import { createStaff } from '../../server/domain/auth/sign-in'
import { hashPassword } from '../../server/domain/auth/passwords'
import type { Edition } from '../../server/domain/editions/editions'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { seedDemoOrders } from './demo-orders'
import { seedReference } from './reference'
import { seedTutorPrices } from './tutor-prices'

export const DEMO_PASSWORD = 'demo-password-1'

export const DEMO_STAFF = [
  { email: 'admin@example.com', name: 'Олена Адмін', status: 1 },
  { email: 'manager@example.com', name: 'Марко Менеджер', status: 2 },
  { email: 'content@example.com', name: 'Ірина Контент', status: 3 },
  { email: 'senior@example.com', name: 'Петро Старший', status: 4 },
] as const

const SITE_REVIEWS = [
  { name: 'Олена', text: 'Знайшли репетитора з математики за один вечір.', mark: 5 },
  { name: 'Андрій', text: 'Зручний каталог і швидка відповідь менеджера.', mark: 5 },
  { name: 'Marta', text: 'Good tutors, easy to order a first lesson.', mark: 4 },
  { name: 'Ігор', text: 'Все добре, але хотілося б більше онлайн-викладачів.', mark: 4 },
]

export async function seedIfEmpty(db: Db, ed: Edition): Promise<boolean> {
  const any = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()
  if (any) return false
  await seedDemo(db, ed)
  return true
}

export async function seedDemo(db: Db, ed: Edition) {
  await seedReference(db, ed)
  for (const s of DEMO_STAFF) await createStaff(db, { ...s, password: DEMO_PASSWORD })
  await db.insertInto('site_reviews').values(SITE_REVIEWS.map((r) => ({ ...r, status: 1 }))).execute()
  const hash = await hashPassword(DEMO_PASSWORD)
  const digits = (n: number) => String(n).padStart(ed.phone.length ?? 10, '0').slice(-(ed.phone.length ?? 10))
  const tutorPerson = await db
    .insertInto('people')
    .values({ email: 'tutor@example.com', phone: digits(501234567), name: 'Тарас Шевчук', password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  const tutor = await db.insertInto('tutors').values({ person_id: tutorPerson.id, name: 'Тарас Шевчук', first_name: 'Тарас', status: 2, published: true }).returning('id').executeTakeFirstOrThrow()
  const clientPerson = await db
    .insertInto('people')
    .values({ email: 'client@example.com', phone: digits(671234567), name: 'Оксана Коваль', password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  const client = await db.insertInto('clients').values({ person_id: clientPerson.id, name: 'Оксана Коваль' }).returning('id').executeTakeFirstOrThrow()
  // One person with both roles, to show the role switch.
  const both = await db
    .insertInto('people')
    .values({ email: 'both@example.com', phone: digits(931234567), name: 'Ніна Дворольова', password_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('tutors').values({ person_id: both.id, name: 'Ніна Дворольова', first_name: 'Ніна', status: 2 }).execute()
  await db.insertInto('clients').values({ person_id: both.id, name: 'Ніна Дворольова' }).execute()
  await seedDemoOrders(db, ed, { tutorId: tutor.id, clientId: client.id, clientName: 'Оксана Коваль', clientEmail: 'client@example.com' })
  // Every seeded tutor with subjects gets prices from its band (seed hook of tutor prices).
  await refreshListings(db, await seedTutorPrices(db, ed))
}
