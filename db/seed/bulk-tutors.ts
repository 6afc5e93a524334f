// Deterministic bulk tutors for load tests (`bun run seed --tutors 100000`). Rows are generated in
// SQL from generate_series with arithmetic on the row number (no randomness), then listed through
// refreshListings, the same code every profile change runs. Bulk tutors have no photo (no file behind a URL).
import { sql } from 'kysely'
import type { Db } from '../client'
import { refreshListings } from '../../server/domain/catalogue/listings'
import type { Edition } from '../../common/editions'
import { seedTutorPrices } from './tutor-prices'

export async function seedBulkTutors(db: Db, ed: Edition, count: number, log: (line: string) => void = () => {}) {
  const lessons = await db.selectFrom('lessons').select('id').where('edition', '=', ed.code).orderBy('id').execute()
  const cities = await db.selectFrom('cities').select('id').where('edition', '=', ed.code).orderBy('id').execute()
  const rates = await db.selectFrom('rates').select('id').where('edition', '=', ed.code).orderBy('id').execute()
  if (!lessons.length || !cities.length) throw new Error('seed reference data first (bun run seed)')
  const already = await db
    .selectFrom('people')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('email', 'like', 'bulk-%@example.com')
    .executeTakeFirstOrThrow()
  const start = already.n + 1
  const end = already.n + count
  if (count <= 0) return 0
  const L = lessons.map((l) => l.id)
  const C = cities.map((c) => c.id)
  const R = rates.map((r) => r.id)
  const started = Date.now()

  await db.transaction().execute(async (trx) => {
    await sql`insert into people (email, name)
      select 'bulk-' || g || '@example.com', 'Bulk Tutor ' || g from generate_series(${start}::int, ${end}::int) g`.execute(
      trx,
    )
    // Most tutors are published and active; every 11th is unpublished, every 13th inactive.
    await sql`insert into tutors (person_id, name, first_name, status, published, active, work_home, work_travel, work_online,
        price, rate_id, review_count, review_avg, description, university_name, avatar_url, response_minutes, response_rate, points_first_diploma)
      select p.id, p.name, 'Bulk', case when g % 17 = 0 then 6 else 2 end, g % 11 <> 0, g % 13 <> 0,
        g % 3 <> 0, g % 4 = 0, g % 5 < 2,
        150 + (g * 37) % 900, (${sql.val(R)}::int[])[1 + g % greatest(1, ${R.length})],
        (g * 7) % 40, case when (g * 7) % 40 = 0 then 0 else 3 + ((g * 13) % 21) / 10.0 end,
        repeat('Досвідчений викладач. ', 1 + g % 20), case when g % 2 = 0 then 'КНУ імені Шевченка' else '' end,
        null, 1 + (g * 11) % 120, ((g * 3) % 10) / 10.0, g % 6
      from generate_series(${start}::int, ${end}::int) g join people p on p.email = 'bulk-' || g || '@example.com'`.execute(
      trx,
    )
    // One or two subjects each, spread over every subject; levels: the subject's first one or two.
    await sql`insert into tutor_subjects (tutor_id, lesson_id, description)
      select t.id, (${sql.val(L)}::int[])[1 + (g * 7) % ${L.length}], 'Індивідуальні заняття'
      from generate_series(${start}::int, ${end}::int) g join people p on p.email = 'bulk-' || g || '@example.com' join tutors t on t.person_id = p.id
      union all
      select t.id, (${sql.val(L)}::int[])[1 + (g * 7 + 1) % ${L.length}], ''
      from generate_series(${start}::int, ${end}::int) g join people p on p.email = 'bulk-' || g || '@example.com' join tutors t on t.person_id = p.id
      where g % 2 = 0 and ${L.length} > 1`.execute(trx)
    await sql`insert into tutor_subject_levels (tutor_id, lesson_id, level_id)
      select ts.tutor_id, ts.lesson_id, lv.id
      from generate_series(${start}::int, ${end}::int) g join people p on p.email = 'bulk-' || g || '@example.com'
      join tutors t on t.person_id = p.id join tutor_subjects ts on ts.tutor_id = t.id
      join lateral (select id from levels where lesson_id = ts.lesson_id order by sort, id limit 1 + t.id % 2) lv on true`.execute(
      trx,
    )
    // Cities skewed like real demand: half of the tutors in the first city (the capital).
    await sql`insert into tutor_places (tutor_id, kind, city_id, district_id)
      select t.id, case when t.work_home then 'home' else 'travel' end, c.city_id,
        (select d.id from districts d where d.city_id = c.city_id order by d.id offset (g % greatest(1, (select count(*) from districts d2 where d2.city_id = c.city_id))) limit 1)
      from generate_series(${start}::int, ${end}::int) g
      join people p on p.email = 'bulk-' || g || '@example.com' join tutors t on t.person_id = p.id
      cross join lateral (select case when g % 2 = 0 then (${sql.val(C)}::int[])[1] else (${sql.val(C)}::int[])[1 + (g * 3) % ${C.length}] end as city_id) c
      where t.work_home or t.work_travel`.execute(trx)
  })
  log(`inserted ${count} tutors in ${Date.now() - started} ms`)

  const ids = await db
    .selectFrom('tutors')
    .innerJoin('people', 'people.id', 'tutors.person_id')
    .select('tutors.id')
    .where('people.email', 'like', 'bulk-%@example.com')
    .orderBy('tutors.id')
    .execute()
  const fresh = ids.slice(-count).map((r) => r.id)
  await seedTutorPrices(db, ed, fresh)
  // Listed 2,000 tutors a transaction, three transactions at a time (the server works on one while the
  // next is built here); their slot counters are locked in one order (listings.ts), so they only queue.
  let rows = 0
  let next = 0
  let done = 0
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let i = next; i < fresh.length; i = next) {
        next += 2000
        rows += await db.transaction().execute((trx) => refreshListings(trx, fresh.slice(i, i + 2000)))
        done += Math.min(2000, fresh.length - i)
        if ((i / 2000) % 10 === 0) log(`listed ${done}/${fresh.length}`)
      }
    }),
  )
  log(`${rows} listing rows in ${Date.now() - started} ms`)
  return rows
}
