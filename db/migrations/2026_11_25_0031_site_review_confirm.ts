// Site reviews left by visitors: the author's e-mail (never shown publicly), the language
// the review was written in (its confirmation e-mail and link) and when the author confirmed it from
// that e-mail (a link works once: a confirmed review is never published again by the link).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('site_reviews')
    .addColumn('email', 'text')
    .addColumn('locale', 'text')
    .addColumn('confirmed_at', 'timestamptz')
    .execute()
  // The public list: active reviews, newest first.
  await db.schema.createIndex('site_reviews_status_idx').on('site_reviews').columns(['status', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('site_reviews_status_idx').execute()
  await db.schema
    .alterTable('site_reviews')
    .dropColumn('email')
    .dropColumn('locale')
    .dropColumn('confirmed_at')
    .execute()
}
