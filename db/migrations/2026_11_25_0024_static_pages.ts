// Static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks and #public-reads
// static_pages/get; docs/contract.md "Static pages at /p/{alias}/"): one row per edition and alias, the texts per
// language as {locale: text} like the reference data's `names`. The footer's pages come with the schema, per
// edition (data/static-pages.ts): a production database has no other source for them. Rows already
// there are kept as they are.
import { type Kysely, sql } from 'kysely'
import { jsonb } from '../jsonb'
import { EDITION_STATIC_PAGES } from './data/static-pages'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('static_pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('meta_titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('meta_descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('static_pages_alias_key', ['edition', 'alias'])
    .execute()

  // db/jsonb.ts: a JSON text bound straight to jsonb is encoded twice by postgres.js (a string, not an object).
  const j = jsonb
  const rows = Object.entries(EDITION_STATIC_PAGES).flatMap(([edition, pages]) =>
    pages.map((p) => ({
      edition,
      alias: p.alias,
      titles: j(p.titles),
      texts: j(p.texts),
      meta_titles: j(p.meta_titles),
      meta_descriptions: j(p.meta_descriptions),
    })),
  )
  await db
    .insertInto('static_pages')
    .values(rows)
    .onConflict((oc) => oc.columns(['edition', 'alias']).doNothing())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('static_pages').execute()
}
