// The price band (`rates` row, the spec's rate_id) a price falls in (decision in tutors/prices.ts).
import { sql } from 'kysely'
import { MINOR_PER_UNIT } from '../../../common/money'

/** The band (rates row of the edition) a price in minor units falls in; SQL, for one statement. */
export function bandOfPrice(edition: unknown, priceMinor: unknown) {
  return sql<number | null>`(select r.id from rates r where r.edition = ${edition}
    and r.min_price * ${MINOR_PER_UNIT} <= ${priceMinor} and (r.max_price is null or ${priceMinor} < r.max_price * ${MINOR_PER_UNIT})
    order by r.min_price desc, r.id limit 1)`
}
