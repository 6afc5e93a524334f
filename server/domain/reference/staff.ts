// Reference data, the staff calls (docs/api.md#admin-reference-data: city, district, subdistrict, lesson, level):
// get, create, save, delete, change_checkout and the paged lists, with the rules of reference.ts.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/keys'
import type { Edition } from '../../../common/editions'
import { type Actor, audit } from '../shared/audit'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { localName } from '../shared/names'
import {
  EMPTY_DRAFT,
  type Exec,
  type Flag,
  KIND,
  PER_PAGE,
  ROW_COLUMNS,
  type ReferenceEntity,
  type ReferenceFields,
  type ReferenceKind,
  type ReferenceScope,
  applyFields,
  diff,
  draftOfRow,
  insertRow,
  isReferenced,
  lockRow,
  mapWriteErrors,
  namesOf,
  readEntity,
  rows,
  toEntity,
  updateRow,
  validate,
} from './reference'

// ---------------------------------------------------------------------------------------------
// Staff calls

/** Who writes, where and in which language the answer reads: the import passes the same without a db. */
export type WriteAt = ReferenceScope & { actor: Actor }

/** One row of a kind. */
export interface KindRow {
  kind: ReferenceKind
  id: number
}

export async function getReference(scope: Scope, input: KindRow): Promise<ReferenceEntity> {
  return readEntity(scope.db, scope, input)
}

export async function createIn(
  trx: Exec,
  at: WriteAt,
  { kind, entity }: { kind: ReferenceKind; entity: ReferenceFields },
): Promise<ReferenceEntity> {
  const where = { kind, edition: at.edition }
  const draft = await validate(trx, { ...where, draft: applyFields(where, EMPTY_DRAFT, entity), selfId: null })
  const id = await insertRow(trx, where, draft)
  const created = await readEntity(trx, at, { kind, id })
  const { name: _name, ...data } = created
  await audit(trx, at.actor, { action: `${kind}.create`, entity: kind, id: id, data: data })
  return created
}

export async function saveIn(trx: Exec, at: WriteAt, { kind, id, entity }: KindRow & { entity: ReferenceFields }) {
  const where = { kind, edition: at.edition }
  const row = await lockRow(trx, where, id)
  const before = draftOfRow(row)
  const draft = await validate(trx, { ...where, draft: applyFields(where, before, entity), selfId: id })
  const changes = diff(kind, before, draft)
  if (Object.keys(changes).length === 0) return { entity: toEntity(kind, row, at), changed: false }
  await updateRow(trx, { kind, id }, draft)
  await audit(trx, at.actor, { action: `${kind}.save`, entity: kind, id: id, data: { changes } })
  return { entity: await readEntity(trx, at, { kind, id }), changed: true }
}

export async function createReference(
  scope: Scope,
  input: { kind: ReferenceKind; entity: ReferenceFields },
): Promise<ReferenceEntity> {
  return mapWriteErrors(() => scope.db.transaction().execute((trx) => createIn(trx, scope, input)))
}

/** Updates the fields given; the others keep their values. A save that changes nothing writes nothing. */
export async function saveReference(
  scope: Scope,
  input: KindRow & { entity: ReferenceFields },
): Promise<ReferenceEntity> {
  return (await mapWriteErrors(() => scope.db.transaction().execute((trx) => saveIn(trx, scope, input)))).entity
}

export async function deleteReference(scope: Scope, { kind, id }: KindRow): Promise<{ id: number }> {
  return mapWriteErrors(() =>
    scope.db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, { kind, edition: scope.edition }, id)
      if (await isReferenced(trx, kind, id)) throw wrongStatus()
      await sql`delete from ${sql.table(KIND[kind].table)} where id = ${id}`.execute(trx)
      await audit(trx, scope.actor, {
        action: `${kind}.delete`,
        entity: kind,
        id: id,
        data: { alias: row.alias, names: namesOf(row.names), parent_id: row.parent_id },
      })
      return { id }
    }),
  )
}

/** Sets one boolean field (active, and popular or school where the kind has them) to value. */
export async function changeCheckout(
  scope: Scope,
  { kind, id, field, value }: KindRow & { field: string; value: boolean },
): Promise<ReferenceEntity> {
  if (!(KIND[kind].flags as readonly string[]).includes(field))
    throw new FieldErrors({ field: [msg('validation.invalid')] })
  const flag = field as Flag
  return mapWriteErrors(() =>
    scope.db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, { kind, edition: scope.edition }, id)
      const before = row[flag]
      if (before !== value) {
        await sql`update ${sql.table(KIND[kind].table)} set ${sql.ref(flag)} = ${value} where id = ${id}`.execute(trx)
        await audit(trx, scope.actor, {
          action: `${kind}.change_checkout`,
          entity: kind,
          id: id,
          data: { field: flag, from: before, to: value },
        })
      }
      return readEntity(trx, scope, { kind, id })
    }),
  )
}

export interface ReferenceFilters {
  text?: string
  active?: boolean
  region_id?: number
  city_id?: number
  district_id?: number
  lesson_id?: number
}

export type ReferenceListItem = ReferenceEntity & { parent_name?: string }

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A page of rows ordered by sort then id; filters: text (name in any locale, or alias), active, parent id. */
export async function listReference(
  at: Scope,
  { kind, page, filters = {} }: { kind: ReferenceKind; page: number; filters?: ReferenceFilters },
) {
  const { db } = at
  const cfg = KIND[kind]
  let q = rows(db, kind, at.edition)
  const text = filters.text?.trim()
  if (text) {
    const p = likePattern(text)
    q = q.where((eb) =>
      eb.or([
        eb('r.alias', 'ilike', p),
        sql<boolean>`exists (select 1 from jsonb_each_text(${sql.ref('r.names')}) as n(k, v) where n.v ilike ${p})`,
      ]),
    )
  }
  if (filters.active !== undefined) q = q.where('r.active', '=', filters.active)
  if (cfg.parent && filters[cfg.parent.field] !== undefined) q = q.where('r.parent_id', '=', filters[cfg.parent.field]!)
  if (kind === 'subdistrict' && filters.city_id !== undefined) q = q.where('r.city_ref', '=', filters.city_id)
  const [found, total] = await Promise.all([
    q
      .select(ROW_COLUMNS)
      .orderBy('r.sort')
      .orderBy('r.id')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const parentNames = await namesById(
    db,
    { kind: cfg.parent?.kind ?? null, edition: at.edition },
    found.map((r) => r.parent_id),
  )
  const items: ReferenceListItem[] = found.map((row) => {
    const e: ReferenceListItem = toEntity(kind, row, at)
    if (cfg.parent)
      e.parent_name = row.parent_id === null ? '' : localName(parentNames.get(row.parent_id), at.locale, at.edition)
    return e
  })
  return { items, total: total.n, page }
}

async function namesById(
  db: Exec,
  { kind, edition: ed }: { kind: 'region' | ReferenceKind | null; edition: Edition },
  ids: (number | null)[],
): Promise<Map<number, unknown>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))]
  if (!kind || wanted.length === 0) return new Map()
  const found =
    kind === 'region'
      ? await db
          .selectFrom('regions')
          .select(['id', 'names'])
          .where('edition', '=', ed.code)
          .where('id', 'in', wanted)
          .execute()
      : await rows(db, kind, ed).select(['r.id', 'r.names']).where('r.id', 'in', wanted).execute()
  return new Map(found.map((r) => [r.id, r.names]))
}
