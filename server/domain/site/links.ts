// Redirect codes (docs/api.md#other-public-calls `GET /link/redirect?code`). Staff create a code
// for a destination in the panel (SEO area); a visit to /link/redirect?code= counts one click and
// answers 302 to the stored destination. Never an open redirect:
// - a destination is a path of this site (`/p/about/`) or an absolute http(s) URL whose origin is this
//   site's, or whose host staff put on the allow list (link_hosts) beforehand; anything else is refused
//   when the code is made or changed (422 on `destination`);
// - the redirect checks the stored destination again (a host taken off the list stops its codes: 404);
// - the URL in the query is never read: only a code, looked up in the table.
// An unknown or inactive code is 404 `not_found` in the contract's envelope (every answer is JSON).
import { sql } from 'kysely'
import { DomainError, FieldErrors, isUniqueViolation } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { PER_PAGE, iso } from '../people/common'

/** The destination as stored (a path, or an absolute URL), or null when it may not be one. */
export function allowedDestination(raw: string, origin: string, hosts: readonly string[]): string | null {
  const value = raw.trim()
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    const u = URL.parse(value, origin)
    return u && u.origin === new URL(origin).origin ? value : null
  }
  const u = URL.parse(value)
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return null
  if (u.origin === new URL(origin).origin) return u.href
  // Foreign hosts: https only, and on the allow list.
  return u.protocol === 'https:' && hosts.includes(u.hostname.toLowerCase()) ? u.href : null
}

async function hostsOf(scope: Pick<Scope, 'db' | 'edition'>) {
  const rows = await scope.db
    .selectFrom('link_hosts')
    .select('host')
    .where('edition', '=', scope.edition.code)
    .execute()
  return rows.map((r) => r.host)
}

/** GET /link/redirect?code: the destination to send the visitor to, one click counted. */
export async function followLink(scope: Scope, { code }: { code: string }, io: { origin: string }): Promise<string> {
  const row = await scope.db
    .updateTable('link_codes')
    .set({ clicks: sql`clicks + 1` })
    .where('edition', '=', scope.edition.code)
    .where('code', '=', code)
    .where('active', '=', true)
    .returning('destination')
    .executeTakeFirst()
  if (!row) throw new DomainError('not_found')
  const dest = allowedDestination(row.destination, io.origin, await hostsOf(scope))
  if (!dest) throw new DomainError('not_found')
  return dest.startsWith('/') ? new URL(dest, io.origin).href : dest
}

function randomCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(6))
  return Buffer.from(bytes).toString('base64url')
}

const rowView = (
  r: { id: number; code: string; destination: string; clicks: number; active: boolean; created_at: Date | string },
  origin: string,
) => ({
  id: r.id,
  code: r.code,
  destination: r.destination,
  clicks: r.clicks,
  active: r.active,
  url: `${origin}/link/redirect?code=${encodeURIComponent(r.code)}`,
  created_at: iso(r.created_at)!,
})

const COLUMNS = ['id', 'code', 'destination', 'clicks', 'active', 'created_at'] as const

/** GET /admin/seo/links/get?page (our path): the codes, newest first, and the allowed foreign hosts. */
export async function listLinks(scope: Scope, { page }: { page: number }, io: { origin: string }) {
  const q = scope.db.selectFrom('link_codes').where('edition', '=', scope.edition.code)
  const [rows, total, hosts] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    scope.db
      .selectFrom('link_hosts')
      .select(['id', 'host'])
      .where('edition', '=', scope.edition.code)
      .orderBy('host')
      .execute(),
  ])
  return { items: rows.map((r) => rowView(r, io.origin)), total: total.n, page, hosts }
}

async function checkedDestination(scope: Scope, destination: string, origin: string) {
  const dest = allowedDestination(destination, origin, await hostsOf(scope))
  if (!dest) throw new FieldErrors({ destination: [msg('validation.invalid')] })
  return dest
}

/** POST /admin/seo/link/create {link: {code?, destination, active?}}: a code given or made (8 characters). */
export async function createLink(
  scope: Scope,
  input: { code?: string; destination: string; active?: boolean },
  io: { origin: string },
) {
  const destination = await checkedDestination(scope, input.destination, io.origin)
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('link_codes')
        .values({
          edition: scope.edition.code,
          code: input.code ?? randomCode(),
          destination,
          active: input.active ?? true,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'link.create',
        entity: 'link_code',
        id: row.id,
        data: { code: row.code, destination },
      })
      return rowView(row, io.origin)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new FieldErrors({ code: [msg('validation.taken')] })
    throw err
  }
}

/** POST /admin/seo/link/save {link: {id, destination?, active?}} */
export async function saveLink(
  scope: Scope,
  input: { id: number; destination?: string; active?: boolean },
  io: { origin: string },
) {
  const destination =
    input.destination === undefined ? undefined : await checkedDestination(scope, input.destination, io.origin)
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('link_codes')
      .set({
        ...(destination !== undefined ? { destination } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .where('edition', '=', scope.edition.code)
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!row) throw new DomainError('not_found')
    await audit(trx, scope.actor, {
      action: 'link.save',
      entity: 'link_code',
      id: row.id,
      data: { destination, active: input.active },
    })
    return rowView(row, io.origin)
  })
}

/** POST /admin/seo/link/delete?id */
export async function deleteLink(scope: Scope, { id }: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('link_codes')
      .where('id', '=', id)
      .where('edition', '=', scope.edition.code)
      .returning('code')
      .executeTakeFirst()
    if (!row) throw new DomainError('not_found')
    await audit(trx, scope.actor, { action: 'link.delete', entity: 'link_code', id, data: { code: row.code } })
    return { deleted: true }
  })
}

/** POST /admin/seo/link_host/create {host}: a foreign host codes may lead to (https only). */
export async function addLinkHost(scope: Scope, { host }: { host: string }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('link_hosts')
      .values({ edition: scope.edition.code, host })
      .onConflict((oc) => oc.columns(['edition', 'host']).doUpdateSet({ host }))
      .returning(['id', 'host'])
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, { action: 'link.host_add', entity: 'link_host', id: row.id, data: { host } })
    return row
  })
}

/** POST /admin/seo/link_host/delete?id: codes to that host stop redirecting (404) until it is back. */
export async function removeLinkHost(scope: Scope, { id }: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('link_hosts')
      .where('id', '=', id)
      .where('edition', '=', scope.edition.code)
      .returning('host')
      .executeTakeFirst()
    if (!row) throw new DomainError('not_found')
    await audit(trx, scope.actor, { action: 'link.host_remove', entity: 'link_host', id, data: { host: row.host } })
    return { deleted: true }
  })
}
