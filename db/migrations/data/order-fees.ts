// Default order fees per edition, in whole units of the edition's currency (our decision, docs/decisions.md
// "Order fees"): about half of a lesson's price in the band. `default` is the row without a band; a
// band gets the step with the highest `from` not above its lowest price. Used by the migration
// (existing installs) and by the seed (a fresh database's bands are created after the migrations).
import { type Kysely, sql } from 'kysely'

export interface FeeDefaults {
  currency: string
  default: number
  /** [lowest band price from, fee] in ascending order. */
  steps: [number, number][]
}

export const ORDER_FEE_DEFAULTS: Record<string, FeeDefaults> = {
  ua: {
    currency: 'UAH',
    default: 200,
    steps: [
      [0, 150],
      [300, 200],
      [500, 300],
      [700, 400],
      [1000, 500],
    ],
  },
  pl: {
    currency: 'PLN',
    default: 40,
    steps: [
      [0, 30],
      [60, 40],
      [90, 50],
      [120, 70],
      [160, 80],
    ],
  },
  kz: {
    currency: 'KZT',
    default: 2500,
    steps: [
      [0, 2000],
      [4000, 2500],
      [6000, 3500],
      [8000, 5000],
      [12000, 6000],
    ],
  },
  us: {
    currency: 'USD',
    default: 20,
    steps: [
      [0, 15],
      [30, 20],
      [50, 30],
      [70, 40],
      [100, 50],
    ],
  },
  in: {
    currency: 'USD',
    default: 8,
    steps: [
      [0, 5],
      [10, 8],
      [20, 12],
      [30, 20],
      [50, 25],
    ],
  },
  mx: {
    currency: 'MXN',
    default: 200,
    steps: [
      [0, 150],
      [300, 200],
      [500, 300],
      [700, 400],
      [1000, 500],
    ],
  },
  es: {
    currency: 'EUR',
    default: 12,
    steps: [
      [0, 10],
      [20, 12],
      [30, 18],
      [40, 25],
      [60, 30],
    ],
  },
  ng: {
    currency: 'NGN',
    default: 3500,
    steps: [
      [0, 2500],
      [5000, 3500],
      [10000, 6000],
      [15000, 9000],
      [25000, 12500],
    ],
  },
}

/** The default fee (whole units) of a band starting at `minPrice`. */
export function defaultBandFee(d: FeeDefaults, minPrice: number): number {
  let fee = d.steps[0]![1]
  for (const [from, f] of d.steps) if (minPrice >= from) fee = f
  return fee
}

/**
 * Fills the fee table of one edition (or all): the default row and a row per band that has none.
 * Rows staff already set are kept.
 */
export async function fillOrderFees(db: Kysely<any>, edition?: string): Promise<void> {
  for (const [code, d] of Object.entries(ORDER_FEE_DEFAULTS)) {
    if (edition && code !== edition) continue
    const rows: { edition: string; rate_id: number | null; fee_minor: number; currency: string }[] = [
      { edition: code, rate_id: null, fee_minor: d.default * 100, currency: d.currency },
    ]
    const rates: { id: number; min_price: number }[] = await db
      .selectFrom('rates')
      .select(['id', 'min_price'])
      .where('edition', '=', code)
      .execute()
    for (const r of rates)
      rows.push({ edition: code, rate_id: r.id, fee_minor: defaultBandFee(d, r.min_price) * 100, currency: d.currency })
    for (const row of rows)
      await sql`insert into order_fees (edition, rate_id, fee_minor, currency)
        values (${row.edition}, ${row.rate_id}, ${row.fee_minor}, ${row.currency})
        on conflict (edition, coalesce(rate_id, 0)) do nothing`.execute(db)
  }
}
