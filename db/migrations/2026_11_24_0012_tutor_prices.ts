// Tutors set their own price per subject and lesson duration, in integer minor
// units of the edition's currency. The catalogue's `price` (catalogue_listings.price) becomes the
// listed subject's 60-minute price in minor units (it was the tutor's one price in whole units);
// the price band (`rate_id`) of a listing and of the tutor follow from the price
// (server/domain/tutors/prices.ts). Existing one-price tutors keep it as the 60-minute price of each
// of their subjects.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tutor_prices')
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes in (45, 60, 90)`))
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tutor_prices_pkey', ['tutor_id', 'lesson_id', 'minutes'])
    .execute()
  await sql`insert into tutor_prices (tutor_id, lesson_id, minutes, price_minor, currency)
    select ts.tutor_id, ts.lesson_id, 60, t.price * 100, case p.edition
      when 'ua' then 'UAH' when 'pl' then 'PLN' when 'kz' then 'KZT' when 'mx' then 'MXN' when 'es' then 'EUR' when 'ng' then 'NGN' else 'USD' end
    from tutor_subjects ts join tutors t on t.id = ts.tutor_id join lessons p on p.id = ts.lesson_id
    where t.price > 0`.execute(db)
  await sql`update catalogue_listings set price = price * 100 where price is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update catalogue_listings set price = price / 100 where price is not null`.execute(db)
  await db.schema.dropTable('tutor_prices').execute()
}
