// Catalogue: reference data (regions, cities, districts, subdistricts, subjects, levels, price bands),
// the tutor profile the catalogue lists, reviews, paid TOP placement, SEO texts, and the listing
// read model the catalogue reads (one row per tutor × subject × place, in ranking order).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Names per language: {"ua": "Київ", "ru": "Киев", "en": "Kyiv"}; the edition's default is required.
  await db.schema
    .createTable('regions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('regions_alias_key', ['edition', 'alias'])
    .execute()

  await db.schema
    .createTable('cities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('region_id', 'integer', (c) => c.references('regions.id'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('cities_alias_key', ['edition', 'alias'])
    .execute()

  await db.schema
    .createTable('districts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('districts_alias_key', ['city_id', 'alias'])
    .execute()

  await db.schema
    .createTable('subdistricts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('subdistricts_alias_key', ['district_id', 'alias'])
    .execute()

  // Subjects ("lessons" in the spec's calls).
  await db.schema
    .createTable('lessons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('school', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('lessons_alias_key', ['edition', 'alias'])
    .execute()

  await db.schema
    .createTable('levels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('levels_alias_key', ['lesson_id', 'alias'])
    .execute()

  // Price bands a lesson falls in (the spec's rate / rate_id), in whole currency units.
  await db.schema
    .createTable('rates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('min_price', 'integer', (c) => c.notNull())
    .addColumn('max_price', 'integer')
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  // The tutor profile the catalogue shows.
  await db.schema
    .alterTable('tutors')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('university_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('university_graduation_year', 'integer')
    .addColumn('age', 'integer')
    .addColumn('video_url', 'text')
    .addColumn('schedule', 'jsonb')
    .addColumn('work_home', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('work_travel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('work_online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('online_communication_app', 'text')
    .addColumn('rate_id', 'integer', (c) => c.references('rates.id'))
    // Price of a 60-minute lesson, whole currency units.
    .addColumn('price', 'integer')
    .addColumn('points_first_diploma', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_second_diploma', 'integer', (c) => c.notNull().defaultTo(0))
    // Kept by the reviews and orders capabilities; the ranking reads them.
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_avg', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('response_minutes', 'integer')
    .addColumn('response_rate', 'real')
    .addColumn('ignored_requests', 'integer', (c) => c.notNull().defaultTo(0))
    // What a card shows of the tutor's subjects, levels, places and rate, names in every language;
    // rebuilt with the listing so a catalogue page reads one row per tutor (domain/catalogue/listings.ts).
    .addColumn('card', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('tutor_subjects')
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tutor_subjects_pkey', ['tutor_id', 'lesson_id'])
    .execute()
  await db.schema
    .createTable('tutor_subject_levels')
    .addColumn('tutor_id', 'integer', (c) => c.notNull())
    .addColumn('lesson_id', 'integer', (c) => c.notNull())
    .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id'))
    .addPrimaryKeyConstraint('tutor_subject_levels_pkey', ['tutor_id', 'lesson_id', 'level_id'])
    .addForeignKeyConstraint(
      'tutor_subject_levels_subject_fkey',
      ['tutor_id', 'lesson_id'],
      'tutor_subjects',
      ['tutor_id', 'lesson_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute()

  // Where a tutor teaches offline: at home (client comes) or travelling to the client.
  await db.schema
    .createTable('tutor_places')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('home', 'travel')`))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('district_id', 'integer', (c) => c.references('districts.id'))
    .addColumn('subdistrict_id', 'integer', (c) => c.references('subdistricts.id'))
    .execute()
  await db.schema.createIndex('tutor_places_tutor_idx').on('tutor_places').column('tutor_id').execute()

  // Reviews of a tutor by a client; orders (status 7) write them. Only published ones are shown.
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('order_id', 'integer')
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('level_id', 'integer', (c) => c.references('levels.id'))
    .addColumn('client_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mark', 'smallint', (c) => c.notNull().check(sql`mark between 1 and 5`))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('response_text', 'text')
    // 0 new, 1 published, 2 hidden
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('reviews_tutor_idx').on('reviews').columns(['tutor_id', 'status', 'created_at']).execute()
  await db.schema.createIndex('reviews_latest_idx').on('reviews').columns(['status', 'created_at']).execute()

  // Paid TOP placement per subject, in a city (offline) or online (city_id null).
  await db.schema
    .createTable('tops')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('tops_slot_idx').on('tops').columns(['lesson_id', 'city_id', 'ends_at']).execute()

  // Staff SEO texts and metatags for a catalogue filter combination (subject, city, district, online).
  await db.schema
    .createTable('catalogue_seo_texts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('filters_key', 'text', (c) => c.notNull())
    .addColumn('chosen_filters', 'jsonb', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('h1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metad', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('h2text', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('catalogue_seo_texts_key', ['edition', 'filters_key', 'locale'])
    .execute()
  await db.schema
    .createTable('page_metatags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('h1', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('page_metatags_key', ['edition', 'path', 'locale'])
    .execute()

  // The read model: one row per listed tutor × subject × place. city_id is a city, 0 for online, and
  // -1 for "any city" (the subject page without a city). Rebuilt for a tutor whenever anything it
  // shows changes (domain/catalogue/listings.ts).
  await db.schema
    .createTable('catalogue_listings')
    .addColumn('lesson_id', 'integer', (c) => c.notNull())
    .addColumn('city_id', 'integer', (c) => c.notNull())
    .addColumn('tutor_id', 'integer', (c) => c.notNull())
    .addColumn('district_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('level_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('rate_id', 'integer')
    .addColumn('price', 'integer')
    .addColumn('is_top', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rank_points', 'integer', (c) => c.notNull())
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('catalogue_listings_pkey', ['lesson_id', 'city_id', 'tutor_id'])
    .execute()
  // One index per sort order, each leading with the page's subject and city.
  await sql`create index catalogue_rank_idx on catalogue_listings (lesson_id, city_id, is_top desc, rank_points desc, tutor_id)`.execute(
    db,
  )
  await sql`create index catalogue_price_idx on catalogue_listings (lesson_id, city_id, price, tutor_id)`.execute(db)
  await sql`create index catalogue_rating_idx on catalogue_listings (lesson_id, city_id, rating desc, review_count desc, tutor_id)`.execute(
    db,
  )
  await sql`create index catalogue_reviews_idx on catalogue_listings (lesson_id, city_id, review_count desc, rating desc, tutor_id)`.execute(
    db,
  )
  await db.schema.createIndex('catalogue_tutor_idx').on('catalogue_listings').column('tutor_id').execute()
  // Listed tutors per subject and city, kept by refreshListings with deltas (so concurrent rebuilds
  // add up): an unfiltered catalogue page reads its total here instead of counting thousands of rows.
  await db.schema
    .createTable('catalogue_slot_counts')
    .addColumn('lesson_id', 'integer', (c) => c.notNull())
    .addColumn('city_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_slot_counts_pkey', ['lesson_id', 'city_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'catalogue_slot_counts',
    'catalogue_listings',
    'page_metatags',
    'catalogue_seo_texts',
    'tops',
    'reviews',
    'tutor_places',
    'tutor_subject_levels',
    'tutor_subjects',
  ])
    await db.schema.dropTable(table).execute()
  await db.schema
    .alterTable('tutors')
    .dropColumn('description')
    .dropColumn('short_description')
    .dropColumn('university_name')
    .dropColumn('university_graduation_year')
    .dropColumn('age')
    .dropColumn('video_url')
    .dropColumn('schedule')
    .dropColumn('work_home')
    .dropColumn('work_travel')
    .dropColumn('work_online')
    .dropColumn('online_communication_app')
    .dropColumn('rate_id')
    .dropColumn('price')
    .dropColumn('points_first_diploma')
    .dropColumn('points_second_diploma')
    .dropColumn('review_count')
    .dropColumn('review_avg')
    .dropColumn('response_minutes')
    .dropColumn('response_rate')
    .dropColumn('ignored_requests')
    .dropColumn('card')
    .dropColumn('updated_at')
    .execute()
  for (const table of ['rates', 'levels', 'lessons', 'subdistricts', 'districts', 'cities', 'regions'])
    await db.schema.dropTable(table).execute()
}
