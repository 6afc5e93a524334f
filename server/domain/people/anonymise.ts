// POST /admin/tutor/anonymization_delete: removes a tutor's personal data and files but keeps orders,
// reviews and money records (wallet entries) whole, so the books and the order history still add up.
//
// What goes:
// - the tutor row's personal fields: name → 'Deleted tutor', avatar, description texts, university,
//   age, video, schedule, messenger handle, the admin comment; subject descriptions (free text);
// - documents (rows and files) and avatar files;
// - when the person holds no other live role: their e-mail, phone, name and password, their one-time
//   codes, the IP and browser of their sessions (all revoked); and, database-wide, every occurrence of
//   the e-mail and the phone in any text or jsonb column (sign-in throttle keys, outbox, audit data,
//   tables added later), since those two identify the person wherever they appear;
// - messages the outbox holds for that e-mail or phone; the data of the tutor's audit entries (the
//   entries stay: who did what and when); the name inside the tutor's wallet entry references.
// A person who is also a client keeps their contacts and name: the client account still uses them.
// The tutor is soft-deleted (deleted_at) if it was not already. Files are removed after the commit.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { refreshListings } from '../catalogue/listings'
import type { Edition } from '../../../common/editions'
import { type Actor, type Executor, audit } from '../shared/audit'
import { notFound, wrongStatus } from '../../../common/errors'
import { type FileStorage, isValidKey } from '../../integrations/storage/storage'
import { otherRoles, revokePersonSessions } from './common'

export const ERASED = '[erased]'
export const DELETED_TUTOR_NAME = 'Deleted tutor'

/**
 * Every table with a tutor_id column and what anonymisation does with it. A test lists the tables with
 * such a column in the live schema and fails when one is missing here: a new table must be classified.
 */
export const TUTOR_TABLES: Record<string, 'keep' | 'erase_text' | 'erase_rows' | 'rebuilt'> = {
  tutor_subjects: 'erase_text', // descriptions are the tutor's free text
  tutor_subject_levels: 'keep',
  tutor_prices: 'keep', // the tutor's lesson prices: not personal
  tutor_places: 'keep',
  tutor_documents: 'erase_rows', // and their files
  reviews: 'keep', // written by clients about the tutor's lessons
  tops: 'keep', // paid placements: money records
  wallet_entries: 'keep', // money records (the name inside a reference is erased)
  payments: 'keep', // money records: what was paid, by which provider, for what
  payment_cards: 'erase_rows', // saved card tokens: the person's means of payment, useless once they are gone
  billing_data: 'erase_rows', // name, tax id, address, IBAN: personal; invoices then name the tutor as the shell does
  billing_documents: 'erase_rows', // and their files (passport, proof of address)
  catalogue_listings: 'rebuilt',
  orders: 'keep', // the business record (fee, payment); contacts inside its texts go with the sweep
  order_tutors: 'keep', // who was offered, answered or removed: the order's history
  blogs: 'erase_rows', // the tutor's own writing under its name: deleted with their images and ratings
  blog_images: 'erase_rows', // and their files
  ads: 'erase_rows', // the tutor's offers: deleted with their images
  ad_images: 'erase_rows', // and their files
  examination_attempts: 'keep', // level test attempts: drawn question ids, chosen options and the score, nothing personal
}

const regexQuote = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Opaque values (secrets, random keys) that a sweep never rewrites. */
const SWEEP_SKIP = new Set([
  'sessions.id',
  'auth_codes.secret_hash',
  'people.password_hash',
  'staff.password_hash',
  'tutor_documents.storage_key',
])

/** Regular expressions (PostgreSQL ARE) that find a contact as a whole value, not inside a longer one. */
export function contactPatterns(
  contact: { email?: string | null; phone?: string | null },
  phonePrefix: string,
): string[] {
  const out: string[] = []
  if (contact.email) out.push(`(?<![A-Za-z0-9._%+-])${regexQuote(contact.email)}(?![A-Za-z0-9-])`)
  if (contact.phone && contact.phone.length >= 7) {
    const country = phonePrefix.replace(/\D/g, '')
    // The international form first ("+380671234567"), then the national digits alone.
    if (country) out.push(`(?<![0-9])${country}${regexQuote(contact.phone)}(?![0-9])`)
    out.push(`(?<![0-9])${regexQuote(contact.phone)}(?![0-9])`)
  }
  return out
}

/**
 * Replaces what `pattern` matches (case-insensitively) with '[erased]' in every text and jsonb column
 * of every table, opaque secrets and keys aside. Returns the rows changed. Each column is a scan: a
 * rare staff action may afford it, and it covers tables added later without a change here.
 */
export async function sweepPattern(db: Executor, pattern: string): Promise<number> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
      and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.column_name`.execute(db)
  let changed = 0
  for (const c of columns.rows) {
    if (SWEEP_SKIP.has(`${c.table_name}.${c.column_name}`)) continue
    const table = sql.id(c.table_name)
    const column = sql.id(c.column_name)
    const isJson = c.data_type === 'jsonb' || c.data_type === 'json'
    // Contacts have no characters JSON escapes, so the pattern finds them in a JSON text as well.
    const result = isJson
      ? await sql`update ${table} set ${column} = regexp_replace(${column}::text, ${pattern}, ${ERASED}, 'gi')::${sql.raw(c.data_type)}
          where ${column}::text ~* ${pattern}`.execute(db)
      : await sql`update ${table} set ${column} = regexp_replace(${column}, ${pattern}, ${ERASED}, 'gi')
          where ${column} ~* ${pattern}`.execute(db)
    changed += Number(result.numAffectedRows ?? 0)
  }
  return changed
}

/** Storage keys named anywhere inside the avatar_files jsonb (main, preview, original …). */
function keysIn(value: unknown): string[] {
  if (typeof value === 'string') return isValidKey(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(keysIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(keysIn)
  return []
}

export async function anonymiseTutor(
  db: Db,
  a: {
    actor: Actor
    tutorId: number
    edition: Edition
    storage: FileStorage
    onFileError?: (key: string, err: unknown) => void
  },
) {
  const result = await db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('tutors as t')
      .innerJoin('people as p', 'p.id', 't.person_id')
      .select([
        't.id',
        't.person_id',
        't.name',
        't.anonymized_at',
        't.deleted_at',
        't.avatar_files',
        'p.email',
        'p.phone',
        'p.name as person_name',
      ])
      .where('t.id', '=', a.tutorId)
      .forUpdate()
      .executeTakeFirst()
    if (!t) throw notFound()
    if (t.anonymized_at) throw wrongStatus()

    // Files: documents and every avatar file; removed from storage once the transaction has committed.
    const documents = await trx
      .selectFrom('tutor_documents')
      .select(['id', 'storage_key'])
      .where('tutor_id', '=', t.id)
      .execute()
    const billingFiles = await trx
      .selectFrom('billing_documents')
      .select('storage_key')
      .where('tutor_id', '=', t.id)
      .execute()
    // Blog posts and ads with their images (the tutor's writing; ratings go with the posts).
    const contentImages = [
      ...(await trx.selectFrom('blog_images').select('storage_key').where('tutor_id', '=', t.id).execute()),
      ...(await trx.selectFrom('ad_images').select('storage_key').where('tutor_id', '=', t.id).execute()),
    ]
    await trx.deleteFrom('blog_images').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('ad_images').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('blogs').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('ads').where('tutor_id', '=', t.id).execute()
    const fileKeys = [
      ...new Set([
        ...documents.map((d) => d.storage_key),
        ...billingFiles.map((d) => d.storage_key),
        ...keysIn(t.avatar_files),
        ...contentImages.map((i) => i.storage_key),
      ]),
    ]
    await trx.deleteFrom('tutor_documents').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('billing_documents').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('billing_data').where('tutor_id', '=', t.id).execute()
    await trx.deleteFrom('payment_cards').where('tutor_id', '=', t.id).execute()

    await trx
      .updateTable('tutors')
      .set({
        name: DELETED_TUTOR_NAME,
        first_name: 'Deleted',
        avatar_url: null,
        avatar_files: null,
        description: '',
        short_description: '',
        university_name: '',
        university_graduation_year: null,
        age: null,
        video_url: null,
        schedule: null,
        online_communication_app: null,
        admin_comment: '',
        sent_back_reason: null,
        approved_snapshot: null,
        published: false,
        active: false,
        deleted_at: sql`coalesce(deleted_at, now())`,
        anonymized_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', t.id)
      .execute()
    await trx.updateTable('tutor_subjects').set({ description: '' }).where('tutor_id', '=', t.id).execute()

    // The tutor's history keeps its entries (actions, actors, times) without the data they carried.
    await trx
      .updateTable('audit_log')
      .set({ data: null })
      .where('entity', '=', 'tutor')
      .where('entity_id', '=', t.id)
      .execute()
    const names = [...new Set([t.name, t.person_name].filter((n) => n.trim().length >= 3))]
    for (const name of names)
      await sql`update wallet_entries set reference = regexp_replace(reference, ${regexQuote(name)}, ${ERASED}, 'gi')
        where tutor_id = ${t.id} and reference ~* ${regexQuote(name)}`.execute(trx)

    const roles = await otherRoles(trx, t.person_id)
    const personErased = roles.clientId === null
    let swept = 0
    if (personErased) {
      const contacts = [t.email, t.phone].filter((v): v is string => !!v && v.length >= 5)
      if (contacts.length > 0) {
        await trx
          .deleteFrom('outbox')
          .where((eb) =>
            eb.or(contacts.map((c) => eb('recipient', 'ilike', `%${c.replace(/[\\%_]/g, (x) => `\\${x}`)}%`))),
          )
          .execute()
      }
      await trx
        .updateTable('people')
        .set({
          email: null,
          phone: null,
          name: DELETED_TUTOR_NAME,
          password_hash: null,
          email_confirmed_at: null,
          phone_confirmed_at: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', t.person_id)
        .execute()
      await trx.deleteFrom('auth_codes').where('person_id', '=', t.person_id).execute()
      // What was accepted and when stays (the business relies on it); the address it came from does not.
      await trx.updateTable('terms_acceptances').set({ ip: null }).where('person_id', '=', t.person_id).execute()
      await revokePersonSessions(trx, t.person_id)
      await trx
        .updateTable('sessions')
        .set({ ip: null, user_agent: null })
        .where('person_id', '=', t.person_id)
        .execute()
      await trx
        .updateTable('audit_log')
        .set({ data: null })
        .where('entity', '=', 'person')
        .where('entity_id', '=', t.person_id)
        .execute()
      for (const pattern of contactPatterns({ email: t.email, phone: t.phone }, a.edition.phone.prefix))
        swept += await sweepPattern(trx, pattern)
    }

    await audit(trx, a.actor, {
      action: 'tutor.anonymization_delete',
      entity: 'tutor',
      id: t.id,
      data: { files_deleted: fileKeys.length, person_erased: personErased },
    })
    await refreshListings(trx, [t.id])
    return { tutorId: t.id, fileKeys, personErased, swept, documents: documents.length }
  })

  let filesDeleted = 0
  for (const key of result.fileKeys) {
    try {
      await a.storage.delete(key)
      filesDeleted++
    } catch (err) {
      a.onFileError?.(key, err)
    }
  }
  return {
    tutor_id: result.tutorId,
    anonymized: true as const,
    person_erased: result.personErased,
    documents_deleted: result.documents,
    files_deleted: filesDeleted,
  }
}
