// Reference data, the staff calls (spec/api-calls.md §7.2: city, district, subdistrict, lesson, level):
// get, create, save, delete, change_checkout and the paged lists, with the rules of reference.ts.
import { sql } from 'kysely'
import { type Db } from '../../../db/client'
import { msg } from '../../../i18n/keys'
import { type Edition } from '../../../common/editions'
import { type Actor, audit } from '../shared/audit'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { localName } from '../shared/names'
import { EMPTY_DRAFT, type Exec, type Flag, KIND, PER_PAGE, ROW_COLUMNS, type ReferenceEntity, type ReferenceFields, type ReferenceKind, type ReferenceScope, applyFields, diff, draftOfRow, insertRow, isReferenced, lockRow, mapWriteErrors, namesOf, readEntity, rows, toEntity, updateRow, validate } from './reference'

// ---------------------------------------------------------------------------------------------
// Staff calls

export async function getReference(db: Db, at: ReferenceScope, kind: ReferenceKind, id: number): Promise<ReferenceEntity> {
  return readEntity(db, kind, at, id)
}

export async function createIn(trx: Exec, at: ReferenceScope, actor: Actor, kind: ReferenceKind, fields: ReferenceFields): Promise<ReferenceEntity> {
  const draft = await validate(trx, kind, at.edition, applyFields(kind, EMPTY_DRAFT, fields, at.edition), null)
  const id = await insertRow(trx, kind, at.edition, draft)
  const created = await readEntity(trx, kind, at, id)
  const { name: _name, ...data } = created
  await audit(trx, actor, `${kind}.create`, kind, id, data)
  return created
}

export async function saveIn(trx: Exec, at: ReferenceScope, actor: Actor, kind: ReferenceKind, id: number, fields: ReferenceFields) {
  const row = await lockRow(trx, kind, at.edition, id)
  const before = draftOfRow(row)
  const draft = await validate(trx, kind, at.edition, applyFields(kind, before, fields, at.edition), id)
  const changes = diff(kind, before, draft)
  if (Object.keys(changes).length === 0) return { entity: toEntity(kind, row, at), changed: false }
  await updateRow(trx, kind, id, draft)
  await audit(trx, actor, `${kind}.save`, kind, id, { changes })
  return { entity: await readEntity(trx, kind, at, id), changed: true }
}

export async function createReference(db: Db, at: ReferenceScope, actor: Actor, kind: ReferenceKind, fields: ReferenceFields): Promise<ReferenceEntity> {
  return mapWriteErrors(() => db.transaction().execute((trx) => createIn(trx, at, actor, kind, fields)))
}

/** Updates the fields given; the others keep their values. A save that changes nothing writes nothing. */
export async function saveReference(db: Db, at: ReferenceScope, actor: Actor, kind: ReferenceKind, id: number, fields: ReferenceFields): Promise<ReferenceEntity> {
  return (await mapWriteErrors(() => db.transaction().execute((trx) => saveIn(trx, at, actor, kind, id, fields)))).entity
}

export async function deleteReference(db: Db, at: ReferenceScope, actor: Actor, kind: ReferenceKind, id: number): Promise<{ id: number }> {
  return mapWriteErrors(() =>
    db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, kind, at.edition, id)
      if (await isReferenced(trx, kind, id)) throw wrongStatus()
      await sql`delete from ${sql.table(KIND[kind].table)} where id = ${id}`.execute(trx)
      await audit(trx, actor, `${kind}.delete`, kind, id, { alias: row.alias, names: namesOf(row.names), parent_id: row.parent_id })
      return { id }
    }),
  )
}

/** Sets one boolean field (active, and popular or school where the kind has them) to value. */
export async function changeCheckout(db: Db, at: ReferenceScope, actor: Actor, kind: ReferenceKind, id: number, field: string, value: boolean): Promise<ReferenceEntity> {
  if (!(KIND[kind].flags as readonly string[]).includes(field)) throw new FieldErrors({ field: [msg('validation.invalid')] })
  const flag = field as Flag
  return mapWriteErrors(() =>
    db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, kind, at.edition, id)
      const before = row[flag]
      if (before !== value) {
        await sql`update ${sql.table(KIND[kind].table)} set ${sql.ref(flag)} = ${value} where id = ${id}`.execute(trx)
        await audit(trx, actor, `${kind}.change_checkout`, kind, id, { field: flag, from: before, to: value })
      }
      return readEntity(trx, kind, at, id)
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
export async function listReference(db: Db, at: ReferenceScope, kind: ReferenceKind, page: number, filters: ReferenceFilters = {}) {
  const cfg = KIND[kind]
  let q = rows(db, kind, at.edition)
  const text = filters.text?.trim()
  if (text) {
    const p = likePattern(text)
    q = q.where((eb) => eb.or([eb('r.alias', 'ilike', p), sql<boolean>`exists (select 1 from jsonb_each_text(${sql.ref('r.names')}) as n(k, v) where n.v ilike ${p})`]))
  }
  if (filters.active !== undefined) q = q.where('r.active', '=', filters.active)
  if (cfg.parent && filters[cfg.parent.field] !== undefined) q = q.where('r.parent_id', '=', filters[cfg.parent.field]!)
  if (kind === 'subdistrict' && filters.city_id !== undefined) q = q.where('r.city_ref', '=', filters.city_id)
  const [found, total] = await Promise.all([
    q.select(ROW_COLUMNS).orderBy('r.sort').orderBy('r.id').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const parentNames = await namesById(db, cfg.parent?.kind ?? null, at.edition, found.map((r) => r.parent_id))
  const items: ReferenceListItem[] = found.map((row) => {
    const e: ReferenceListItem = toEntity(kind, row, at)
    if (cfg.parent) e.parent_name = row.parent_id === null ? '' : localName(parentNames.get(row.parent_id), at.locale, at.edition)
    return e
  })
  return { items, total: total.n, page }
}

async function namesById(db: Exec, kind: 'region' | ReferenceKind | null, ed: Edition, ids: (number | null)[]): Promise<Map<number, unknown>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))]
  if (!kind || wanted.length === 0) return new Map()
  const found =
    kind === 'region'
      ? await db.selectFrom('regions').select(['id', 'names']).where('edition', '=', ed.code).where('id', 'in', wanted).execute()
      : await rows(db, kind, ed).select(['r.id', 'r.names']).where('r.id', 'in', wanted).execute()
  return new Map(found.map((r) => [r.id, r.names]))
}

