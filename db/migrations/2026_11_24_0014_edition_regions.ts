// Regions come with the schema, per edition: a production database has cities that name a
// region and no screen to create one. Rows already there (a seeded database) are kept as they are.
import type { Kysely } from 'kysely'
import { jsonb } from '../jsonb'
import { EDITION_REGIONS } from './data/regions'

export async function up(db: Kysely<any>): Promise<void> {
  const rows = Object.entries(EDITION_REGIONS).flatMap(([edition, regions]) =>
    regions.map((r, i) => ({ edition, alias: r.alias, names: jsonb(r.names), sort: (i + 1) * 10 })),
  )
  await db
    .insertInto('regions')
    .values(rows)
    .onConflict((oc) => oc.columns(['edition', 'alias']).doNothing())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  // Only the regions no city names; the others are data now.
  for (const [edition, regions] of Object.entries(EDITION_REGIONS))
    await db
      .deleteFrom('regions')
      .where('edition', '=', edition)
      .where(
        'alias',
        'in',
        regions.map((r) => r.alias),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('cities').select('id').whereRef('cities.region_id', '=', 'regions.id'))),
      )
      .execute()
}
