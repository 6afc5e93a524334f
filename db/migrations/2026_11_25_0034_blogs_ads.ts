// Tutor blogs and ads with moderation (docs/api.md#admin-ads-and-blogs "Ads", "Blogs",
// #tutor-blog-and-ads "Blog", "Ads", docs/api.md#public-reads blogs, ads, blog/set_rating). A tutor writes, staff
// publish or send back for revision with a reason; only published rows are public. Images are stored files (public
// namespace tutor-content) in their own tables, attached to a post or ad or still loose (uploaded before the
// first save). A blog's rating is one vote per visitor (blog_ratings), its sum and count kept on the row.
import { type Kysely, sql } from 'kysely'

const STATUSES = `('draft','on_moderation','need_revision','published','deleted')`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('on_moderation')
        .check(sql.raw(`status in ${STATUSES}`)),
    )
    .addColumn('revision_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mark', 'integer')
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('blogs_tutor_idx').on('blogs').columns(['tutor_id', 'id']).execute()
  await db.schema.createIndex('blogs_status_idx').on('blogs').columns(['edition', 'status', 'published_at']).execute()

  await db.schema
    .createTable('ads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** Price of a lesson in the edition's currency, whole units; null: by agreement. */
    .addColumn('price', 'integer')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('on_moderation')
        .check(sql.raw(`status in ${STATUSES}`)),
    )
    .addColumn('revision_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('ads_tutor_idx').on('ads').columns(['tutor_id', 'id']).execute()
  await db.schema.createIndex('ads_status_idx').on('ads').columns(['edition', 'status', 'published_at']).execute()

  for (const [table, owner] of [
    ['blog_images', 'blogs'],
    ['ad_images', 'ads'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
      .addColumn(owner === 'blogs' ? 'blog_id' : 'ad_id', 'integer', (c) =>
        c.references(`${owner}.id`).onDelete('cascade'),
      )
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
  }
  await db.schema.createIndex('blog_images_blog_idx').on('blog_images').columns(['blog_id']).execute()
  await db.schema.createIndex('ad_images_ad_idx').on('ad_images').columns(['ad_id']).execute()

  await db.schema
    .createTable('blog_ratings')
    .addColumn('blog_id', 'integer', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    /** Who voted: `person:<id>` when signed in, else `ip:<address>`. */
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blog_ratings_pkey', ['blog_id', 'voter'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['blog_ratings', 'blog_images', 'ad_images', 'blogs', 'ads']) await db.schema.dropTable(t).execute()
}
