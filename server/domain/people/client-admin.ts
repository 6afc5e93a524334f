// Staff actions on clients (docs/api.md#admin-clients): the list, password set, and the blacklist.
//
// A blacklisted client can neither sign in (password, code and link sign-in refuse it) nor call any
// client procedure, ordering included (server/trpc/access.ts). Adding a client to the blacklist also
// revokes every live session of that person at once. Adding twice, or removing a client who is not on
// the list, is 409 wrong_status.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { type SortDir, listOrder } from '../shared/list-sort'
import { hashPassword } from '../auth/passwords'
import { type Executor, audit } from '../shared/audit'
import { notFound, wrongStatus } from '../../../common/errors'
import { PER_PAGE, bit, iso, otherRoles, personSearch, revokePersonSessions } from './common'

export interface ClientFilters {
  text?: string
  blacklisted?: boolean
  /** true: only deleted (and merged-away) clients; otherwise they are left out. */
  deleted?: boolean
}

const CLIENT_ORDER = { id: 'c.id', name: 'c.name', email: 'p.email', created: 'c.created_at' } as const

export async function listClients(
  { db, edition }: Pick<Scope, 'db' | 'edition'>,
  {
    page,
    filters: f,
    ...sort
  }: { page: number; filters: ClientFilters; sort?: keyof typeof CLIENT_ORDER; dir?: SortDir },
) {
  const order = listOrder(CLIENT_ORDER, sort, { sort: 'id', dir: 'desc' })
  const perPage = PER_PAGE
  let q = db.selectFrom('clients as c').innerJoin('people as p', 'p.id', 'c.person_id')
  q = f.deleted ? q.where('c.deleted_at', 'is not', null) : q.where('c.deleted_at', 'is', null)
  const text = f.text?.trim()
  if (text) q = q.where(personSearch(text, edition, 'c'))
  if (f.blacklisted !== undefined) q = q.where('c.blacklisted', '=', f.blacklisted)
  const [rows, total] = await Promise.all([
    q
      .select([
        'c.id',
        'c.name',
        'p.email',
        'p.phone',
        'c.blacklisted',
        'c.created_at',
        'c.deleted_at',
        'c.merged_into_client_id',
        sql<number | null>`(select t.id from tutors t where t.person_id = c.person_id and t.deleted_at is null)`.as(
          'tutor_id',
        ),
      ])
      .orderBy(order.by, order.dir)
      .orderBy('c.id', order.dir)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const items = rows.map((r) => ({
    id: r.id,
    client_id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    blacklisted: bit(r.blacklisted),
    tutor_id: r.tutor_id,
    created_at: iso(r.created_at),
    deleted_at: iso(r.deleted_at),
    merged_into_client_id: r.merged_into_client_id,
  }))
  return { items, total: total.n, page }
}

export async function clientProfile(db: Executor, clientId: number) {
  const c = await db
    .selectFrom('clients as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .select([
      'c.id',
      'c.person_id',
      'c.name',
      'p.email',
      'p.phone',
      'c.blacklisted',
      'c.terms_confirmed_at',
      'c.created_at',
      'c.deleted_at',
      'c.merged_into_client_id',
    ])
    .where('c.id', '=', clientId)
    .executeTakeFirst()
  if (!c) throw notFound()
  const roles = await otherRoles(db, c.person_id)
  return {
    id: c.id,
    client_id: c.id,
    person_id: c.person_id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    blacklisted: bit(c.blacklisted),
    tutor_id: roles.tutorId,
    terms_confirmed_at: iso(c.terms_confirmed_at),
    created_at: iso(c.created_at),
    deleted_at: iso(c.deleted_at),
    merged_into_client_id: c.merged_into_client_id,
  }
}

async function lockClient(trx: Executor, clientId: number) {
  const row = await trx
    .selectFrom('clients')
    .select(['id', 'person_id', 'blacklisted', 'deleted_at'])
    .where('id', '=', clientId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function setClientPassword(
  { db, actor }: Scope,
  { client_id: clientId, password }: { client_id: number; password: string },
) {
  const hash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    const c = await lockClient(trx, clientId)
    if (c.deleted_at) throw wrongStatus()
    await trx
      .updateTable('people')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', c.person_id)
      .execute()
    const revoked = await revokePersonSessions(trx, c.person_id)
    await audit(trx, actor, {
      action: 'client.password_set',
      entity: 'client',
      id: clientId,
      data: { sessions_revoked: revoked },
    })
    return { client_id: clientId }
  })
}

export async function setClientBlacklisted(
  { db, actor }: Scope,
  { client_id: clientId, blacklisted }: { client_id: number; blacklisted: boolean },
) {
  return db.transaction().execute(async (trx) => {
    const c = await lockClient(trx, clientId)
    if (c.deleted_at || c.blacklisted === blacklisted) throw wrongStatus()
    await trx.updateTable('clients').set({ blacklisted }).where('id', '=', clientId).execute()
    const revoked = blacklisted ? await revokePersonSessions(trx, c.person_id) : 0
    await audit(trx, actor, {
      action: blacklisted ? 'client.blacklist_add' : 'client.blacklist_remove',
      entity: 'client',
      id: clientId,
      data: { sessions_revoked: revoked },
    })
    return { client_id: clientId, blacklisted: bit(blacklisted) }
  })
}
