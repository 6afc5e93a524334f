// Merging two client profiles of one human (docs/api.md#admin-clients): GET /admin/client/merge_profiles
// previews, POST /admin/client/merge {client_id (kept), client_id2 (merged away)} moves everything.
//
// Everything that references the merged client moves to the kept one: every column that is a foreign
// key to clients.id and every integer column named client_id, found in the live schema at merge time
// (so tables added later — orders, chats — are covered without a change here). Nothing is deleted:
// the merged client is soft-deleted with merged_into_client_id pointing at the kept one, and its
// audit history stays under its own id. Also:
// - contacts the kept person lacks (e-mail, phone) move over from the merged person, unless the merged
//   person is also a tutor (whose account needs them); a missing name and terms confirmation too;
// - the blacklist follows the human: if either profile was blacklisted, the kept one is;
// - unused sign-in codes of the merged client are expired, its person's sessions revoked when that
//   person holds no other role;
// - a row that would break a unique rule when moved refuses the whole merge (409), nothing half-done.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/keys'
import { type Executor, audit } from '../shared/audit'
import { DomainError, FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import { revokePersonSessions } from './common'
import { clientProfile } from './client-admin'

export interface ClientReference {
  table: string
  column: string
}

/** Every column that references a client: foreign keys to clients(id) and integer columns named client_id. */
export async function clientReferences(db: Executor): Promise<ClientReference[]> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select r.relname as table_name, a.attname as column_name
    from pg_constraint k
    join pg_class r on r.oid = k.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
    where k.contype = 'f' and k.confrelid = 'clients'::regclass and n.nspname = current_schema()
    union
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'client_id'
      and c.data_type in ('integer', 'bigint', 'smallint') and c.table_name <> 'clients'
    order by 1, 2`.execute(db)
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }))
}

async function countReferences(db: Executor, refs: ClientReference[], clientId: number) {
  const out: { table: string; column: string; rows: number }[] = []
  for (const r of refs) {
    const { rows } = await sql<{
      n: number
    }>`select count(*)::int as n from ${sql.id(r.table)} where ${sql.id(r.column)} = ${clientId}`.execute(db)
    out.push({ ...r, rows: rows[0]?.n ?? 0 })
  }
  return out
}

function assertTwo(clientId: number, clientId2: number) {
  if (clientId === clientId2) throw new FieldErrors({ client_id2: [msg('validation.invalid')] })
}

async function personOf(db: Executor, personId: number) {
  return db
    .selectFrom('people')
    .select(['id', 'email', 'phone', 'name', 'email_confirmed_at', 'phone_confirmed_at'])
    .where('id', '=', personId)
    .executeTakeFirstOrThrow()
}

async function isTutor(db: Executor, personId: number) {
  return !!(await db
    .selectFrom('tutors')
    .select('id')
    .where('person_id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst())
}

/** Which contacts would move from the merged person to the kept one. */
function contactsToMove(
  kept: { email: string | null; phone: string | null },
  merged: { email: string | null; phone: string | null },
  mergedIsTutor: boolean,
) {
  if (mergedIsTutor) return [] as ('email' | 'phone')[]
  const out: ('email' | 'phone')[] = []
  if (!kept.email && merged.email) out.push('email')
  if (!kept.phone && merged.phone) out.push('phone')
  return out
}

export async function previewMerge(db: Db, { client_id: clientId, client_id2: clientId2 }: ClientPair) {
  assertTwo(clientId, clientId2)
  const [kept, merged] = [await clientProfile(db, clientId), await clientProfile(db, clientId2)]
  const refs = await clientReferences(db)
  const moves = (await countReferences(db, refs, clientId2)).filter(
    (m) => !(m.table === 'clients' && m.column === 'merged_into_client_id' && m.rows === 0),
  )
  const [keptPerson, mergedPerson] = [await personOf(db, kept.person_id), await personOf(db, merged.person_id)]
  return {
    client: kept,
    client2: merged,
    moves,
    contacts_moved: contactsToMove(keptPerson, mergedPerson, merged.tutor_id !== null),
    blacklisted_after: kept.blacklisted || merged.blacklisted ? 1 : 0,
    allowed: kept.deleted_at === null && merged.deleted_at === null,
  }
}

const isUniqueViolation = (err: unknown) =>
  !!err && typeof err === 'object' && (err as { code?: unknown }).code === '23505'

/** client_id is kept, client_id2 is merged into it. */
export interface ClientPair {
  client_id: number
  client_id2: number
}

export async function mergeClients(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { client_id: clientId, client_id2: clientId2 }: ClientPair,
) {
  assertTwo(clientId, clientId2)
  try {
    return await db.transaction().execute(async (trx) => {
      // Both rows locked, in id order so two opposite merges cannot deadlock.
      const locked = await trx
        .selectFrom('clients')
        .select(['id', 'person_id', 'name', 'blacklisted', 'terms_confirmed_at', 'deleted_at'])
        .where('id', 'in', [clientId, clientId2])
        .orderBy('id')
        .forUpdate()
        .execute()
      const kept = locked.find((c) => c.id === clientId)
      const merged = locked.find((c) => c.id === clientId2)
      if (!kept || !merged) throw notFound()
      if (kept.deleted_at || merged.deleted_at) throw wrongStatus()

      // Pending sign-in codes of the merged profile die with it; used ones move as history.
      await trx
        .updateTable('auth_codes')
        .set({ used_at: sql`now()` })
        .where('client_id', '=', merged.id)
        .where('used_at', 'is', null)
        .execute()

      const moved: Record<string, number> = {}
      for (const r of await clientReferences(trx)) {
        const result =
          await sql`update ${sql.id(r.table)} set ${sql.id(r.column)} = ${kept.id} where ${sql.id(r.column)} = ${merged.id}`.execute(
            trx,
          )
        const n = Number(result.numAffectedRows ?? 0)
        if (n > 0) moved[`${r.table}.${r.column}`] = n
      }

      const [keptPerson, mergedPerson] = [await personOf(trx, kept.person_id), await personOf(trx, merged.person_id)]
      const mergedIsTutor = await isTutor(trx, merged.person_id)
      const contacts = contactsToMove(keptPerson, mergedPerson, mergedIsTutor)
      if (contacts.length > 0) {
        // Free the unique e-mail / phone on the merged person first.
        await trx
          .updateTable('people')
          .set({
            ...(contacts.includes('email') ? { email: null, email_confirmed_at: null } : {}),
            ...(contacts.includes('phone') ? { phone: null, phone_confirmed_at: null } : {}),
          })
          .where('id', '=', mergedPerson.id)
          .execute()
        await trx
          .updateTable('people')
          .set({
            ...(contacts.includes('email')
              ? { email: mergedPerson.email, email_confirmed_at: mergedPerson.email_confirmed_at }
              : {}),
            ...(contacts.includes('phone')
              ? { phone: mergedPerson.phone, phone_confirmed_at: mergedPerson.phone_confirmed_at }
              : {}),
            updated_at: sql`now()`,
          })
          .where('id', '=', keptPerson.id)
          .execute()
      }

      const blacklisted = kept.blacklisted || merged.blacklisted
      await trx
        .updateTable('clients')
        .set({
          blacklisted,
          name: kept.name.trim() ? kept.name : merged.name,
          terms_confirmed_at: kept.terms_confirmed_at ?? merged.terms_confirmed_at,
        })
        .where('id', '=', kept.id)
        .execute()
      await trx
        .updateTable('clients')
        .set({ deleted_at: sql`now()`, merged_into_client_id: kept.id })
        .where('id', '=', merged.id)
        .execute()
      const revoked = mergedIsTutor ? 0 : await revokePersonSessions(trx, merged.person_id)
      if (blacklisted && !kept.blacklisted) await revokePersonSessions(trx, kept.person_id)

      await audit(trx, actor, {
        action: 'client.merge',
        entity: 'client',
        id: kept.id,
        data: { merged_client_id: merged.id, moved, contacts_moved: contacts, blacklisted },
      })
      await audit(trx, actor, {
        action: 'client.merged_into',
        entity: 'client',
        id: merged.id,
        data: { kept_client_id: kept.id, moved, sessions_revoked: revoked },
      })
      return {
        client_id: kept.id,
        client_id2: merged.id,
        moved,
        contacts_moved: contacts,
        blacklisted: blacklisted ? 1 : 0,
      }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('wrong_status')
    throw err
  }
}
