// Videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos", #public-reads `videos` item
// 4) and vacancies (#public-reads `vacancy/get`, `vacancies/get`): one row per item and edition, texts per language as
// {locale: text} like static_pages. A video is its 11-character YouTube id. Demo rows per edition
// (data/videos-vacancies.ts) so /media and /vacancy are not empty on a first start.
import { type Kysely, sql } from 'kysely'
import { jsonb } from '../jsonb'
import { DEMO_EDITIONS, demoVacancies, demoVideos } from './data/videos-vacancies'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('youtube_id', 'text', (c) => c.notNull().check(sql`youtube_id ~ '^[A-Za-z0-9_-]{11}$'`))
    .addColumn('titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('videos_edition_idx').on('videos').columns(['edition', 'active', 'sort']).execute()

  await db.schema
    .createTable('vacancies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('cities', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('employment', 'text', (c) => c.notNull().defaultTo('PART_TIME'))
    .addColumn('remote', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('vacancies_edition_idx').on('vacancies').columns(['edition', 'active', 'sort']).execute()

  const j = jsonb
  const videos = DEMO_EDITIONS.flatMap((edition) =>
    demoVideos(edition).map((v) => ({
      edition,
      youtube_id: v.youtube_id,
      titles: j(v.titles),
      descriptions: j(v.descriptions),
      sort: v.sort,
    })),
  )
  await db.insertInto('videos').values(videos).execute()
  const vacancies = DEMO_EDITIONS.flatMap((edition) =>
    demoVacancies(edition).map((v) => ({
      edition,
      titles: j(v.titles),
      texts: j(v.texts),
      cities: j(v.cities),
      employment: v.employment,
      remote: v.remote,
      sort: v.sort,
    })),
  )
  await db.insertInto('vacancies').values(vacancies).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vacancies').execute()
  await db.schema.dropTable('videos').execute()
}
