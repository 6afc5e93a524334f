// Reference data: the location tree (cities → districts → subdistricts), subjects ("lessons") and
// their levels. Staff keep them in the panel, scripts/import.ts loads them from CSV, and the public
// reads feed the search form and the tutor profile form. Every rule about these rows lives here:
//
//   alias    lowercase latin slug ^[a-z0-9]+(-[a-z0-9]+)*$ (trimmed and lower-cased first), unique per
//            edition (cities, lessons) or per parent (districts, subdistricts, levels)
//   names    {locale: name}; must hold the edition's default locale; only the app's locales
//   parent   must exist in the same edition (a city's region is optional)
//   delete   refused (wrong_status) while anything references the row
//
// Rows of another edition are invisible: a district belongs to the edition of its city, and so on.
import { type AliasedSelectQueryBuilder, type Kysely, sql } from 'kysely'
import type { Db } from '../../../db/client'
import { jsonb } from '../../../db/jsonb'
import type { DB } from '../../../db/types'
import { msg } from '../../../i18n/keys'
import { type Edition, type Locale, LOCALES, localePath } from '../../../common/editions'
import { type Actor, audit } from '../shared/audit'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import { localName } from '../shared/names'

export const REFERENCE_KINDS = ['city', 'district', 'subdistrict', 'lesson', 'level'] as const
export type ReferenceKind = (typeof REFERENCE_KINDS)[number]

export const ALIAS_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const ALIAS_MAX = 100
export const NAME_MAX = 150
export const TEXT_MAX = 20000
export const SORT_MIN = -1_000_000
export const SORT_MAX = 1_000_000
/** Staff lists: rows per page. */
export const PER_PAGE = 20
/** Public tag lists (/client/all_tags, /client/all_tags_online): subjects per page. */
export const TAGS_PER_PAGE = 50

export type Flag = 'active' | 'popular' | 'school'
type ParentField = 'region_id' | 'city_id' | 'district_id' | 'lesson_id'

interface KindConfig {
  table: 'cities' | 'districts' | 'subdistricts' | 'lessons' | 'levels'
  /** The parent column; a city's region is optional, every other parent is required. */
  parent: { field: ParentField; kind: 'region' | 'city' | 'district' | 'lesson'; required: boolean } | null
  /** Where an alias must be unique: the whole edition, or among the rows of one parent. */
  aliasScope: 'edition' | 'parent'
  /** The boolean fields change_checkout may set. */
  flags: readonly Flag[]
  text: boolean
}

export const KIND: Record<ReferenceKind, KindConfig> = {
  city: { table: 'cities', parent: { field: 'region_id', kind: 'region', required: false }, aliasScope: 'edition', flags: ['active', 'popular'], text: true },
  district: { table: 'districts', parent: { field: 'city_id', kind: 'city', required: true }, aliasScope: 'parent', flags: ['active'], text: true },
  subdistrict: { table: 'subdistricts', parent: { field: 'district_id', kind: 'district', required: true }, aliasScope: 'parent', flags: ['active'], text: true },
  lesson: { table: 'lessons', parent: null, aliasScope: 'edition', flags: ['active', 'popular', 'school'], text: true },
  // The levels table has no text column.
  level: { table: 'levels', parent: { field: 'lesson_id', kind: 'lesson', required: true }, aliasScope: 'parent', flags: ['active'], text: false },
}

export type Names = Partial<Record<Locale, string>>

/** What a create, a save or an import may set. Fields a kind does not have are ignored. */
export interface ReferenceFields {
  alias?: string
  names?: Record<string, string>
  /** The spec's `name`: the edition's default-locale name; `names` wins where it gives that locale. */
  name?: string
  active?: boolean
  sort?: number
  text?: string
  popular?: boolean
  school?: boolean
  region_id?: number | null
  city_id?: number
  district_id?: number
  lesson_id?: number
}

/** A row as the panel and the location tree see it. */
export interface ReferenceEntity {
  id: number
  /** In the request's locale, else the edition's default, else any. */
  name: string
  names: Names
  alias: string
  active: boolean
  sort: number
  text?: string
  region_id?: number | null
  city_id?: number
  district_id?: number
  lesson_id?: number
  popular?: boolean
  school?: boolean
}

export interface ReferenceScope {
  edition: Edition
  locale: Locale
}

// ---------------------------------------------------------------------------------------------
// One row shape for the five tables, scoped to an edition through the parents.

interface RefRow {
  id: number
  alias: string
  names: unknown
  active: boolean
  sort: number
  text: string
  popular: boolean
  school: boolean
  parent_id: number | null
  /** A subdistrict's city (through its district); otherwise null. */
  city_ref: number | null
  edition: string
}

type Exec = Kysely<DB>

function source(db: Exec, kind: ReferenceKind): AliasedSelectQueryBuilder<RefRow, 'r'> {
  const no = sql<boolean>`false`
  const none = sql<number | null>`null::int`
  switch (kind) {
    case 'city':
      return db
        .selectFrom('cities')
        .select(['cities.id', 'cities.alias', 'cities.names', 'cities.active', 'cities.sort', 'cities.text', 'cities.popular', no.as('school'), 'cities.region_id as parent_id', none.as('city_ref'), 'cities.edition'])
        .as('r')
    case 'district':
      return db
        .selectFrom('districts')
        .innerJoin('cities', 'cities.id', 'districts.city_id')
        .select(['districts.id', 'districts.alias', 'districts.names', 'districts.active', 'districts.sort', 'districts.text', no.as('popular'), no.as('school'), 'districts.city_id as parent_id', none.as('city_ref'), 'cities.edition'])
        .as('r')
    case 'subdistrict':
      return db
        .selectFrom('subdistricts')
        .innerJoin('districts', 'districts.id', 'subdistricts.district_id')
        .innerJoin('cities', 'cities.id', 'districts.city_id')
        .select(['subdistricts.id', 'subdistricts.alias', 'subdistricts.names', 'subdistricts.active', 'subdistricts.sort', 'subdistricts.text', no.as('popular'), no.as('school'), 'subdistricts.district_id as parent_id', 'districts.city_id as city_ref', 'cities.edition'])
        .as('r')
    case 'lesson':
      return db
        .selectFrom('lessons')
        .select(['lessons.id', 'lessons.alias', 'lessons.names', 'lessons.active', 'lessons.sort', 'lessons.text', 'lessons.popular', 'lessons.school', none.as('parent_id'), none.as('city_ref'), 'lessons.edition'])
        .as('r')
    case 'level':
      return db
        .selectFrom('levels')
        .innerJoin('lessons', 'lessons.id', 'levels.lesson_id')
        .select(['levels.id', 'levels.alias', 'levels.names', 'levels.active', 'levels.sort', sql<string>`''`.as('text'), no.as('popular'), no.as('school'), 'levels.lesson_id as parent_id', none.as('city_ref'), 'lessons.edition'])
        .as('r')
  }
}

const ROW_COLUMNS = ['r.id', 'r.alias', 'r.names', 'r.active', 'r.sort', 'r.text', 'r.popular', 'r.school', 'r.parent_id', 'r.city_ref', 'r.edition'] as const

/** Rows of a kind in an edition. */
function rows(db: Exec, kind: ReferenceKind, ed: Edition) {
  return db.selectFrom(source(db, kind)).where('r.edition', '=', ed.code)
}

export function namesOf(value: unknown): Names {
  let v = value
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      return {}
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
  const out: Names = {}
  for (const [k, name] of Object.entries(v)) if ((LOCALES as readonly string[]).includes(k) && typeof name === 'string') out[k as Locale] = name
  return out
}

function toEntity(kind: ReferenceKind, row: RefRow, at: ReferenceScope): ReferenceEntity {
  const cfg = KIND[kind]
  const names = namesOf(row.names)
  const e: ReferenceEntity = { id: row.id, name: localName(names, at.locale, at.edition), names, alias: row.alias, active: row.active, sort: row.sort }
  if (cfg.parent) e[cfg.parent.field] = row.parent_id as number
  if (cfg.text) e.text = row.text
  if (cfg.flags.includes('popular')) e.popular = row.popular
  if (cfg.flags.includes('school')) e.school = row.school
  if (kind === 'subdistrict') e.city_id = row.city_ref as number
  return e
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Alias as stored: trimmed and lower-cased. */
export function normaliseAlias(raw: string): string {
  return raw.trim().toLowerCase()
}

export function aliasProblem(alias: string): string | null {
  if (alias === '') return msg('validation.required')
  if (alias.length > ALIAS_MAX || !ALIAS_PATTERN.test(alias)) return msg('validation.invalid')
  return null
}

/** Names trimmed, empty ones dropped; unknown locales, over-long names or no default-locale name refused. */
export function checkNames(raw: Record<string, unknown>, ed: Edition): { names: Names; problem: string | null } {
  const names: Names = {}
  let problem: string | null = null
  for (const [k, v] of Object.entries(raw)) {
    if (v === null || v === undefined) continue
    if (typeof v !== 'string' || !(LOCALES as readonly string[]).includes(k)) {
      problem = msg('validation.invalid')
      continue
    }
    const name = v.trim()
    if (name === '') continue
    if (name.length > NAME_MAX) problem = msg('validation.length', { min: 1, max: NAME_MAX })
    names[k as Locale] = name
  }
  if (!problem && !names[ed.defaultLocale]) problem = msg('validation.required')
  return { names, problem }
}

async function parentExists(db: Exec, kind: ReferenceKind, ed: Edition, id: number): Promise<boolean> {
  const parent = KIND[kind].parent
  if (!parent) return true
  if (parent.kind === 'region') return !!(await db.selectFrom('regions').select('id').where('edition', '=', ed.code).where('id', '=', id).executeTakeFirst())
  return !!(await rows(db, parent.kind, ed).select('r.id').where('r.id', '=', id).executeTakeFirst())
}

async function aliasTaken(db: Exec, kind: ReferenceKind, ed: Edition, alias: string, parentId: number | null, exceptId: number | null): Promise<boolean> {
  let q = rows(db, kind, ed).select('r.id').where('r.alias', '=', alias)
  if (KIND[kind].aliasScope === 'parent') q = q.where('r.parent_id', '=', parentId)
  if (exceptId !== null) q = q.where('r.id', '!=', exceptId)
  return !!(await q.executeTakeFirst())
}

/** The full state a row would have; what validate() checks and write() stores. */
interface Draft {
  alias: string
  names: Names
  active: boolean
  sort: number
  text: string
  popular: boolean
  school: boolean
  parent_id: number | null
}

function draftOfRow(row: RefRow): Draft {
  return { alias: row.alias, names: namesOf(row.names), active: row.active, sort: row.sort, text: row.text, popular: row.popular, school: row.school, parent_id: row.parent_id }
}

const EMPTY_DRAFT: Draft = { alias: '', names: {}, active: true, sort: 0, text: '', popular: false, school: false, parent_id: null }

/** The draft with the given fields on top; a field the kind does not have is ignored. */
function applyFields(kind: ReferenceKind, base: Draft, f: ReferenceFields, ed: Edition): Draft {
  const cfg = KIND[kind]
  const d: Draft = { ...base }
  if (f.alias !== undefined) d.alias = normaliseAlias(f.alias)
  if (f.names !== undefined) d.names = f.names as Names
  // A form that echoes the display name (`name`, in the reader's locale) beside `names` never overwrites
  // the default-locale name with it: `name` only fills that locale when `names` does not give it.
  if (f.name !== undefined && !f.names?.[ed.defaultLocale]?.trim()) d.names = { ...d.names, [ed.defaultLocale]: f.name }
  if (f.active !== undefined) d.active = f.active
  if (f.sort !== undefined) d.sort = f.sort
  if (cfg.text && f.text !== undefined) d.text = f.text
  if (cfg.flags.includes('popular') && f.popular !== undefined) d.popular = f.popular
  if (cfg.flags.includes('school') && f.school !== undefined) d.school = f.school
  if (cfg.parent && f[cfg.parent.field] !== undefined) d.parent_id = f[cfg.parent.field] ?? null
  return d
}

/** Checks a draft; refusals are a 422 field map keyed by the entity's field names. */
async function validate(db: Exec, kind: ReferenceKind, ed: Edition, draft: Draft, selfId: number | null): Promise<Draft> {
  const cfg = KIND[kind]
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)

  const aliasIssue = aliasProblem(draft.alias)
  if (aliasIssue) add('alias', aliasIssue)
  const { names, problem } = checkNames(draft.names as Record<string, unknown>, ed)
  if (problem) add('names', problem)
  if (!Number.isInteger(draft.sort) || draft.sort < SORT_MIN || draft.sort > SORT_MAX) add('sort', msg('validation.invalid'))
  if (draft.text.length > TEXT_MAX) add('text', msg('validation.length', { min: 0, max: TEXT_MAX }))
  let parentOk = true
  if (cfg.parent) {
    if (draft.parent_id === null) {
      if (cfg.parent.required) {
        add(cfg.parent.field, msg('validation.required'))
        parentOk = false
      }
    } else if (!(await parentExists(db, kind, ed, draft.parent_id))) {
      add(cfg.parent.field, msg('validation.invalid'))
      parentOk = false
    }
  }
  if (!aliasIssue && parentOk && (await aliasTaken(db, kind, ed, draft.alias, draft.parent_id, selfId))) add('alias', msg('validation.taken'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return { ...draft, names }
}

function sameNames(a: Names, b: Names): boolean {
  const ka = Object.keys(a).filter((k) => a[k as Locale])
  const kb = Object.keys(b).filter((k) => b[k as Locale])
  return ka.length === kb.length && ka.every((k) => a[k as Locale] === b[k as Locale])
}

/** The fields that differ between two drafts, as {field: [before, after]} with the entity's names. */
function diff(kind: ReferenceKind, a: Draft, b: Draft): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {}
  const cfg = KIND[kind]
  if (a.alias !== b.alias) out.alias = [a.alias, b.alias]
  if (!sameNames(a.names, b.names)) out.names = [a.names, b.names]
  if (a.active !== b.active) out.active = [a.active, b.active]
  if (a.sort !== b.sort) out.sort = [a.sort, b.sort]
  if (cfg.text && a.text !== b.text) out.text = [a.text, b.text]
  if (cfg.flags.includes('popular') && a.popular !== b.popular) out.popular = [a.popular, b.popular]
  if (cfg.flags.includes('school') && a.school !== b.school) out.school = [a.school, b.school]
  if (cfg.parent && a.parent_id !== b.parent_id) out[cfg.parent.field] = [a.parent_id, b.parent_id]
  return out
}

// ---------------------------------------------------------------------------------------------
// Writes (each inside the caller's transaction)

async function insertRow(trx: Exec, kind: ReferenceKind, ed: Edition, d: Draft): Promise<number> {
  const common = { alias: d.alias, names: jsonb(d.names), active: d.active, sort: d.sort }
  switch (kind) {
    case 'city':
      return (await trx.insertInto('cities').values({ ...common, edition: ed.code, text: d.text, popular: d.popular, region_id: d.parent_id }).returning('id').executeTakeFirstOrThrow()).id
    case 'district':
      return (await trx.insertInto('districts').values({ ...common, text: d.text, city_id: d.parent_id! }).returning('id').executeTakeFirstOrThrow()).id
    case 'subdistrict':
      return (await trx.insertInto('subdistricts').values({ ...common, text: d.text, district_id: d.parent_id! }).returning('id').executeTakeFirstOrThrow()).id
    case 'lesson':
      return (await trx.insertInto('lessons').values({ ...common, edition: ed.code, text: d.text, popular: d.popular, school: d.school }).returning('id').executeTakeFirstOrThrow()).id
    case 'level':
      return (await trx.insertInto('levels').values({ ...common, lesson_id: d.parent_id! }).returning('id').executeTakeFirstOrThrow()).id
  }
}

async function updateRow(trx: Exec, kind: ReferenceKind, id: number, d: Draft): Promise<void> {
  const common = { alias: d.alias, names: jsonb(d.names), active: d.active, sort: d.sort }
  switch (kind) {
    case 'city':
      await trx.updateTable('cities').set({ ...common, text: d.text, popular: d.popular, region_id: d.parent_id }).where('id', '=', id).execute()
      return
    case 'district':
      await trx.updateTable('districts').set({ ...common, text: d.text, city_id: d.parent_id! }).where('id', '=', id).execute()
      return
    case 'subdistrict':
      await trx.updateTable('subdistricts').set({ ...common, text: d.text, district_id: d.parent_id! }).where('id', '=', id).execute()
      return
    case 'lesson':
      await trx.updateTable('lessons').set({ ...common, text: d.text, popular: d.popular, school: d.school }).where('id', '=', id).execute()
      return
    case 'level':
      await trx.updateTable('levels').set({ ...common, lesson_id: d.parent_id! }).where('id', '=', id).execute()
      return
  }
}

/** What still points at a row: [table, column, array column?]. A foreign key added later is caught too. */
const USED_BY: Record<ReferenceKind, [string, string, 'array'?][]> = {
  city: [['districts', 'city_id'], ['tutor_places', 'city_id'], ['tops', 'city_id'], ['catalogue_listings', 'city_id']],
  district: [['subdistricts', 'district_id'], ['tutor_places', 'district_id'], ['catalogue_listings', 'district_ids', 'array']],
  subdistrict: [['tutor_places', 'subdistrict_id']],
  lesson: [['levels', 'lesson_id'], ['tutor_subjects', 'lesson_id'], ['tutor_prices', 'lesson_id'], ['reviews', 'lesson_id'], ['tops', 'lesson_id'], ['catalogue_listings', 'lesson_id']],
  level: [['tutor_subject_levels', 'level_id'], ['reviews', 'level_id'], ['catalogue_listings', 'level_ids', 'array']],
}

async function isReferenced(trx: Exec, kind: ReferenceKind, id: number): Promise<boolean> {
  for (const [table, column, array] of USED_BY[kind]) {
    const where = array ? sql`${sql.ref(column)} @> array[${id}]::int[]` : sql`${sql.ref(column)} = ${id}`
    const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} where ${where} limit 1`.execute(trx)
    if (hit.rows.length) return true
  }
  return false
}

// PostgreSQL error codes, read alike from PGlite (`constraint`) and postgres.js (`constraint_name`).
function pgError(err: unknown): { code?: string; constraint?: string } {
  if (!err || typeof err !== 'object') return {}
  const e = err as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
  const constraint = typeof e.constraint === 'string' ? e.constraint : typeof e.constraint_name === 'string' ? e.constraint_name : undefined
  return { code: typeof e.code === 'string' ? e.code : undefined, constraint }
}

/** A unique violation on an alias (two writers raced past the check) is the same 422 as the check. */
async function mapWriteErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    const { code, constraint } = pgError(err)
    if (code === '23505' && constraint?.endsWith('_alias_key')) throw new FieldErrors({ alias: [msg('validation.taken')] })
    if (code === '23503') throw wrongStatus() // still referenced by a row that a foreign key guards
    throw err
  }
}

async function lockRow(trx: Exec, kind: ReferenceKind, ed: Edition, id: number): Promise<RefRow> {
  // The row is locked in its own table (a subquery lock would lock the parents too).
  const found = await rows(trx, kind, ed).select('r.id').where('r.id', '=', id).executeTakeFirst()
  if (!found) throw notFound()
  await sql`select id from ${sql.table(KIND[kind].table)} where id = ${id} for update`.execute(trx)
  const row = await rows(trx, kind, ed).select(ROW_COLUMNS).where('r.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

async function readEntity(db: Exec, kind: ReferenceKind, at: ReferenceScope, id: number): Promise<ReferenceEntity> {
  const row = await rows(db, kind, at.edition).select(ROW_COLUMNS).where('r.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return toEntity(kind, row, at)
}

// ---------------------------------------------------------------------------------------------
// Staff calls

export async function getReference(db: Db, at: ReferenceScope, kind: ReferenceKind, id: number): Promise<ReferenceEntity> {
  return readEntity(db, kind, at, id)
}

async function createIn(trx: Exec, at: ReferenceScope, actor: Actor, kind: ReferenceKind, fields: ReferenceFields): Promise<ReferenceEntity> {
  const draft = await validate(trx, kind, at.edition, applyFields(kind, EMPTY_DRAFT, fields, at.edition), null)
  const id = await insertRow(trx, kind, at.edition, draft)
  const created = await readEntity(trx, kind, at, id)
  const { name: _name, ...data } = created
  await audit(trx, actor, `${kind}.create`, kind, id, data)
  return created
}

async function saveIn(trx: Exec, at: ReferenceScope, actor: Actor, kind: ReferenceKind, id: number, fields: ReferenceFields) {
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

// ---------------------------------------------------------------------------------------------
// Import support (scripts/import.ts): the same rules, keyed by alias.

export interface ImportScope extends ReferenceScope {
  actor: Actor
}

/** The id of the row with this alias (within a parent for districts, subdistricts and levels), or null. */
export async function findReferenceId(db: Db, ed: Edition, kind: ReferenceKind, alias: string, parentId: number | null = null): Promise<number | null> {
  let q = rows(db, kind, ed).select('r.id').where('r.alias', '=', normaliseAlias(alias))
  if (KIND[kind].aliasScope === 'parent') q = q.where('r.parent_id', '=', parentId)
  return (await q.executeTakeFirst())?.id ?? null
}

export async function findRegionId(db: Db, ed: Edition, alias: string): Promise<number | null> {
  return (await db.selectFrom('regions').select('id').where('edition', '=', ed.code).where('alias', '=', normaliseAlias(alias)).executeTakeFirst())?.id ?? null
}

/**
 * Inserts the row with this alias (in its parent) or updates it when something differs. Names are
 * merged into the stored ones (a locale missing from the input keeps its name).
 */
export async function upsertReference(db: Db, at: ImportScope, kind: ReferenceKind, fields: ReferenceFields): Promise<'imported' | 'updated' | 'unchanged'> {
  const cfg = KIND[kind]
  return mapWriteErrors(() =>
    db.transaction().execute(async (trx) => {
      const alias = normaliseAlias(fields.alias ?? '')
      let q = rows(trx, kind, at.edition).select(['r.id', 'r.names']).where('r.alias', '=', alias)
      if (cfg.aliasScope === 'parent') q = q.where('r.parent_id', '=', (cfg.parent && fields[cfg.parent.field]) ?? null)
      const existing = await q.executeTakeFirst()
      if (!existing) {
        await createIn(trx, at, at.actor, kind, fields)
        return 'imported'
      }
      const merged = fields.names ? { ...namesOf(existing.names), ...fields.names } : undefined
      const { changed } = await saveIn(trx, at, at.actor, kind, existing.id, { ...fields, names: merged })
      return changed ? 'updated' : 'unchanged'
    }),
  )
}

// ---------------------------------------------------------------------------------------------
// Public reads: active rows only, in the request's locale, ordered by sort then name.

export interface FilterOption {
  value: string
  alias: string
  link: string
  text: string
  id: number
  district?: true
  subdistricts?: FilterOption[]
}

const COLLATOR_LOCALE: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }

function bySortThenName<T extends { sort: number; name: string }>(locale: Locale, list: T[]): T[] {
  const collator = new Intl.Collator(COLLATOR_LOCALE[locale])
  return [...list].sort((a, b) => a.sort - b.sort || collator.compare(a.name, b.name))
}

interface Named {
  id: number
  alias: string
  name: string
  sort: number
  text: string
  parent_id: number | null
  school: boolean
  popular: boolean
}

async function activeRows(db: Exec, kind: ReferenceKind, at: ReferenceScope, where?: { parentIds?: number[] }): Promise<Named[]> {
  let q = rows(db, kind, at.edition).select(ROW_COLUMNS).where('r.active', '=', true)
  if (where?.parentIds) {
    if (where.parentIds.length === 0) return []
    q = q.where('r.parent_id', 'in', where.parentIds)
  }
  const found = await q.execute()
  return bySortThenName(
    at.locale,
    found.map((r) => ({ id: r.id, alias: r.alias, name: localName(namesOf(r.names), at.locale, at.edition), sort: r.sort, text: r.text, parent_id: r.parent_id, school: r.school, popular: r.popular })),
  )
}

function groupBy<T extends { parent_id: number | null }>(list: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const item of list) if (item.parent_id !== null) out.set(item.parent_id, [...(out.get(item.parent_id) ?? []), item])
  return out
}

const option = (r: Named, link: string): FilterOption => ({ value: r.alias, alias: r.alias, link, text: r.name, id: r.id })

/** GET /client/all_cities: every active city as a filter option. */
export async function allCities(db: Db, at: ReferenceScope): Promise<FilterOption[]> {
  const link = localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/`)
  return (await activeRows(db, 'city', at)).map((c) => option(c, link))
}

/** GET /client/all_subjects: every active subject as a filter option linking to its catalogue page. */
export async function allSubjects(db: Db, at: ReferenceScope): Promise<FilterOption[]> {
  return (await activeRows(db, 'lesson', at)).map((l) => option(l, localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/${l.alias}/`)))
}

/** GET /api/resources/school_lessons: active subjects taught at the school. */
export async function schoolLessons(db: Db, at: ReferenceScope): Promise<FilterOption[]> {
  return (await activeRows(db, 'lesson', at)).filter((l) => l.school).map((l) => option(l, localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/${l.alias}/`)))
}

async function activeCity(db: Exec, at: ReferenceScope, cityId: number) {
  const city = await rows(db, 'city', at.edition).select('r.id').where('r.id', '=', cityId).where('r.active', '=', true).executeTakeFirst()
  if (!city) throw notFound()
}

/** GET /client/all_districts?city_id: the city's active districts (grouping flag) with their subdistricts. */
export async function allDistricts(db: Db, at: ReferenceScope, cityId: number): Promise<FilterOption[]> {
  await activeCity(db, at, cityId)
  const link = localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/`)
  const districts = await activeRows(db, 'district', at, { parentIds: [cityId] })
  const subs = groupBy(await activeRows(db, 'subdistrict', at, { parentIds: districts.map((d) => d.id) }))
  return districts.map((d) => ({ ...option(d, link), district: true as const, subdistricts: (subs.get(d.id) ?? []).map((s) => option(s, link)) }))
}

/**
 * GET /client/all_tags and /client/all_tags_online: active subjects with the number of tutors the
 * catalogue lists for them (offline in any city: city_id -1; online: city_id 0), a page at a time.
 */
export async function allTags(db: Db, at: ReferenceScope, online: boolean, page: number) {
  const lessons = await activeRows(db, 'lesson', at)
  const counts = new Map<number, number>()
  if (lessons.length) {
    const found = await db
      .selectFrom('catalogue_listings')
      .select(['lesson_id', sql<number>`count(*)::int`.as('n')])
      .where('city_id', '=', online ? 0 : -1)
      .where('lesson_id', 'in', lessons.map((l) => l.id))
      .groupBy('lesson_id')
      .execute()
    for (const r of found) counts.set(r.lesson_id, r.n)
  }
  const base = online ? at.edition.onlineCatalogueAlias : at.edition.catalogueAlias
  const items = lessons
    .slice((page - 1) * TAGS_PER_PAGE, page * TAGS_PER_PAGE)
    .map((l) => ({ ...option(l, localePath(at.edition, at.locale, `/${base}/${l.alias}/`)), count: counts.get(l.id) ?? 0 }))
  return { items, total: lessons.length, page }
}

/** GET /api/resources/regions. */
export async function regions(db: Db, at: ReferenceScope) {
  const found = await db.selectFrom('regions').select(['id', 'alias', 'names', 'sort']).where('edition', '=', at.edition.code).execute()
  return bySortThenName(
    at.locale,
    found.map((r) => ({ id: r.id, alias: r.alias, name: localName(namesOf(r.names), at.locale, at.edition), sort: r.sort })),
  ).map(({ id, alias, name }) => ({ id, alias, name }))
}

/** A location tree entry (spec/product.md §3): id, name, region_id, active, alias, text, subdistricts. */
export interface LocationEntry {
  id: number
  name: string
  region_id: number | null
  active: boolean
  alias: string
  text: string
  city_id?: number
  district_id?: number
  subdistricts?: LocationEntry[]
}

/** GET /api/resources/cities?region_id: active cities (of one region when given). */
export async function cities(db: Db, at: ReferenceScope, regionId?: number): Promise<LocationEntry[]> {
  const list = await activeRows(db, 'city', at)
  return list
    .filter((c) => regionId === undefined || c.parent_id === regionId)
    .map((c) => ({ id: c.id, name: c.name, region_id: c.parent_id, active: true, alias: c.alias, text: c.text }))
}

/** GET /api/resources/city_districts?city_id: the city's active districts, each with its active subdistricts. */
export async function cityDistricts(db: Db, at: ReferenceScope, cityId: number): Promise<LocationEntry[]> {
  const city = await rows(db, 'city', at.edition).select(['r.id', 'r.parent_id']).where('r.id', '=', cityId).where('r.active', '=', true).executeTakeFirst()
  if (!city) throw notFound()
  const districts = await activeRows(db, 'district', at, { parentIds: [cityId] })
  const subs = groupBy(await activeRows(db, 'subdistrict', at, { parentIds: districts.map((d) => d.id) }))
  return districts.map((d) => ({
    id: d.id,
    name: d.name,
    region_id: city.parent_id,
    city_id: cityId,
    active: true,
    alias: d.alias,
    text: d.text,
    subdistricts: (subs.get(d.id) ?? []).map((s) => ({ id: s.id, name: s.name, region_id: city.parent_id, district_id: d.id, active: true, alias: s.alias, text: s.text })),
  }))
}

export const TUTOR_PROFILE_RESOURCES = ['lessons', 'cities', 'rates'] as const
export type TutorProfileResource = (typeof TUTOR_PROFILE_RESOURCES)[number]

/**
 * GET /api/resources/tutor_profile: what the tutor profile form offers — subjects with their levels,
 * cities with districts and subdistricts, and price bands. `types` narrows it to some of the three.
 */
export async function tutorProfileResources(db: Db, at: ReferenceScope, types: readonly TutorProfileResource[] = TUTOR_PROFILE_RESOURCES) {
  const out: {
    lessons?: { id: number; name: string; alias: string; school: boolean; popular: boolean; levels: { id: number; name: string; alias: string }[] }[]
    cities?: { id: number; name: string; alias: string; region_id: number | null; districts: { id: number; name: string; alias: string; subdistricts: { id: number; name: string; alias: string }[] }[] }[]
    rates?: { id: number; name: string; min_price: number; max_price: number | null }[]
  } = {}
  const brief = (r: Named) => ({ id: r.id, name: r.name, alias: r.alias })
  if (types.includes('lessons')) {
    const lessons = await activeRows(db, 'lesson', at)
    const levels = groupBy(await activeRows(db, 'level', at, { parentIds: lessons.map((l) => l.id) }))
    out.lessons = lessons.map((l) => ({ ...brief(l), school: l.school, popular: l.popular, levels: (levels.get(l.id) ?? []).map(brief) }))
  }
  if (types.includes('cities')) {
    const list = await activeRows(db, 'city', at)
    const districts = await activeRows(db, 'district', at, { parentIds: list.map((c) => c.id) })
    const subs = groupBy(await activeRows(db, 'subdistrict', at, { parentIds: districts.map((d) => d.id) }))
    const byCity = groupBy(districts)
    out.cities = list.map((c) => ({
      ...brief(c),
      region_id: c.parent_id,
      districts: (byCity.get(c.id) ?? []).map((d) => ({ ...brief(d), subdistricts: (subs.get(d.id) ?? []).map(brief) })),
    }))
  }
  if (types.includes('rates')) {
    const found = await db.selectFrom('rates').select(['id', 'names', 'min_price', 'max_price', 'sort']).where('edition', '=', at.edition.code).orderBy('sort').orderBy('min_price').execute()
    out.rates = found.map((r) => ({ id: r.id, name: localName(namesOf(r.names), at.locale, at.edition), min_price: r.min_price, max_price: r.max_price }))
  }
  return out
}
