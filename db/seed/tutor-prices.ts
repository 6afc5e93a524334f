// Seed hook: gives tutors without own prices deterministic ones (server/domain/tutors/prices.ts), so
// demo data and bulk seeds list, filter and sort by price. A subject's 60-minute price is the tutor's
// old single price when it has one, else a point in its band chosen by the tutor's id (the top
// band: 20 % over its floor), else a fiftieth of the edition's highest lesson price; some tutors
// also price 45 (× 0.8) and 90 minutes (× 1.45). The tutor's price and band follow from the
// cheapest hour. Rows are made in SQL (100,000 bulk tutors); the caller rebuilds the listings.
import { sql } from 'kysely'
import type { Db } from '../client'
import type { Executor } from '../../server/domain/shared/audit'
import type { Edition } from '../../common/editions'
import { bandOfPrice } from '../../server/domain/catalogue/price-band'
import { CATALOGUE_MINUTES, MAX_LESSON_PRICE } from '../../common/price-rules'

/** Prices for the given tutors (every tutor of the edition when none given); answers the tutors priced. */
export async function seedTutorPrices(db: Db | Executor, ed: Edition, tutorIds?: number[]): Promise<number[]> {
  const only = tutorIds ? sql`and ts.tutor_id = any(${sql.val(tutorIds)}::int[])` : sql``
  const fallback = MAX_LESSON_PRICE[ed.currency] / 50
  const priced = await sql<{ tutor_id: number }>`
    insert into tutor_prices (tutor_id, lesson_id, minutes, price_minor, currency)
    select ts.tutor_id, ts.lesson_id, m.minutes, greatest(1, round(h.hour * m.factor))::int * 100, ${ed.currency}
    from tutor_subjects ts
    join tutors t on t.id = ts.tutor_id
    join lessons l on l.id = ts.lesson_id and l.edition = ${ed.code}
    left join rates r on r.id = t.rate_id
    -- The tutor's place in the seeded run (ids are consecutive there), not its id: a PostgreSQL sequence
    -- is not rolled back with a failed first start, and the next start's ids begin further on.
    cross join lateral (select t.id - (select min(id) from tutors) as n) k
    cross join lateral (select coalesce(nullif(t.price, 0), case
      when r.id is null then ${fallback}
      when r.max_price is null then r.min_price * 1.2
      else r.min_price + (r.max_price - r.min_price) * (0.2 + (k.n % 7) / 10.0) end) as hour) h
    cross join (values (45, 0.8), (60, 1.0), (90, 1.45)) m(minutes, factor)
    where not exists (select 1 from tutor_prices p where p.tutor_id = ts.tutor_id and p.lesson_id = ts.lesson_id)
      and (m.minutes = 60 or (m.minutes = 45 and k.n % 3 = 0) or (m.minutes = 90 and k.n % 2 = 0)) ${only}
    returning tutor_id`.execute(db)
  const ids = [...new Set(priced.rows.map((r) => r.tutor_id))]
  if (ids.length)
    await sql`update tutors t set price = c.minor / 100, rate_id = coalesce(${bandOfPrice(ed.code, sql.ref('c.minor'))}, t.rate_id)
      from (select tutor_id, min(price_minor) as minor from tutor_prices where minutes = ${CATALOGUE_MINUTES} and tutor_id = any(${sql.val(ids)}::int[]) group by tutor_id) c
      where t.id = c.tutor_id`.execute(db)
  return ids
}
