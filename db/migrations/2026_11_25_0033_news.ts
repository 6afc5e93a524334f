// News and news categories (docs/api.md#admin-news "News", "News categories", #public-reads
// `GET /client/news`, `POST /client/news_one/set_rating`). Like static pages, a row belongs to one
// edition and keeps its texts per language ({locale: text}); a language without a text falls back to
// the edition's default. Aliases are path segments of /news/{alias}/ and /news/{category}/, unique
// per edition across both tables (checked by the service). Ratings: one row per news item and
// visitor key (server/domain/content/public-news.ts says what the key is). The demo news of every
// edition come with the schema (data/news.ts), so /news/ is not empty on first start.
import { type Kysely, sql } from 'kysely'
import { jsonb } from '../jsonb'
import { EDITION_NEWS } from './data/news'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('news_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('news_categories_alias_key', ['edition', 'alias'])
    .execute()

  await db.schema
    .createTable('news')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('news_categories.id').onDelete('set null'))
    .addColumn('titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The main image: {key, thumb_key, width, height} (WebP renditions in file storage), or null.
    .addColumn('image', 'jsonb')
    // Images added for the text (add_image): their storage keys, removed with the news item.
    .addColumn('text_images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('published_at', 'timestamptz')
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('news_alias_key', ['edition', 'alias'])
    .execute()
  // The public list: an edition's published, active news, newest first.
  await db.schema.createIndex('news_public_idx').on('news').columns(['edition', 'published_at']).execute()
  await db.schema.createIndex('news_category_idx').on('news').columns(['category_id']).execute()

  await db.schema
    .createTable('news_ratings')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('news_ratings_pkey', ['news_id', 'visitor'])
    .execute()

  // Demo data: categories and news of every edition (rows already there are kept).
  const j = jsonb
  for (const [edition, data] of Object.entries(EDITION_NEWS)) {
    const cats = await db
      .insertInto('news_categories')
      .values(data.categories.map((c) => ({ edition, alias: c.alias, names: j(c.names) })))
      .onConflict((oc) => oc.columns(['edition', 'alias']).doNothing())
      .returning(['id', 'alias'])
      .execute()
    const idOf = new Map(cats.map((c) => [c.alias as string, c.id as number]))
    await db
      .insertInto('news')
      .values(
        data.news.map((n) => ({
          edition,
          alias: n.alias,
          category_id: idOf.get(n.category) ?? null,
          titles: j(n.titles),
          texts: j(n.texts),
          descriptions: j(n.descriptions),
          published: true,
          active: true,
          published_at: sql`now() - make_interval(days => ${n.daysAgo})`,
          created_at: sql`now() - make_interval(days => ${n.daysAgo})`,
          rating_sum: n.rating[0],
          rating_count: n.rating[1],
        })),
      )
      .onConflict((oc) => oc.columns(['edition', 'alias']).doNothing())
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('news_ratings').execute()
  await db.schema.dropTable('news').execute()
  await db.schema.dropTable('news_categories').execute()
}
