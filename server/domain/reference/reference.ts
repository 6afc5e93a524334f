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
import { jsonb } from '../../../db/jsonb'
import type { DB } from '../../../db/types'
import { msg } from '../../../i18n/keys'
import { type Edition, type Locale, LOCALES } from '../../../common/editions'
import { FieldErrors, addFieldError, notFound, wrongStatus } from '../../../common/errors'
import { localName } from '../shared/names'
import { clearPageReads, keptReads, pageReadsTtl } from '../shared/kept-reads'
import { clearAliasCache } from '../catalogue/aliases'

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
export type ParentField = 'region_id' | 'city_id' | 'district_id' | 'lesson_id'

export interface KindConfig {
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
  city: {
    table: 'cities',
    parent: { field: 'region_id', kind: 'region', required: false },
    aliasScope: 'edition',
    flags: ['active', 'popular'],
    text: true,
  },
  district: {
    table: 'districts',
    parent: { field: 'city_id', kind: 'city', required: true },
    aliasScope: 'parent',
    flags: ['active'],
    text: true,
  },
  subdistrict: {
    table: 'subdistricts',
    parent: { field: 'district_id', kind: 'district', required: true },
    aliasScope: 'parent',
    flags: ['active'],
    text: true,
  },
  lesson: { table: 'lessons', parent: null, aliasScope: 'edition', flags: ['active', 'popular', 'school'], text: true },
  // The levels table has no text column.
  level: {
    table: 'levels',
    parent: { field: 'lesson_id', kind: 'lesson', required: true },
    aliasScope: 'parent',
    flags: ['active'],
    text: false,
  },
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

/** Which rows a helper works on: one kind in one edition. */
export interface KindAt {
  kind: ReferenceKind
  edition: Edition
}

// ---------------------------------------------------------------------------------------------
// One row shape for the five tables, scoped to an edition through the parents.

export interface RefRow {
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

export type Exec = Kysely<DB>

export function source(db: Exec, kind: ReferenceKind): AliasedSelectQueryBuilder<RefRow, 'r'> {
  const no = sql<boolean>`false`
  const none = sql<number | null>`null::int`
  switch (kind) {
    case 'city':
      return db
        .selectFrom('cities')
        .select([
          'cities.id',
          'cities.alias',
          'cities.names',
          'cities.active',
          'cities.sort',
          'cities.text',
          'cities.popular',
          no.as('school'),
          'cities.region_id as parent_id',
          none.as('city_ref'),
          'cities.edition',
        ])
        .as('r')
    case 'district':
      return db
        .selectFrom('districts')
        .innerJoin('cities', 'cities.id', 'districts.city_id')
        .select([
          'districts.id',
          'districts.alias',
          'districts.names',
          'districts.active',
          'districts.sort',
          'districts.text',
          no.as('popular'),
          no.as('school'),
          'districts.city_id as parent_id',
          none.as('city_ref'),
          'cities.edition',
        ])
        .as('r')
    case 'subdistrict':
      return db
        .selectFrom('subdistricts')
        .innerJoin('districts', 'districts.id', 'subdistricts.district_id')
        .innerJoin('cities', 'cities.id', 'districts.city_id')
        .select([
          'subdistricts.id',
          'subdistricts.alias',
          'subdistricts.names',
          'subdistricts.active',
          'subdistricts.sort',
          'subdistricts.text',
          no.as('popular'),
          no.as('school'),
          'subdistricts.district_id as parent_id',
          'districts.city_id as city_ref',
          'cities.edition',
        ])
        .as('r')
    case 'lesson':
      return db
        .selectFrom('lessons')
        .select([
          'lessons.id',
          'lessons.alias',
          'lessons.names',
          'lessons.active',
          'lessons.sort',
          'lessons.text',
          'lessons.popular',
          'lessons.school',
          none.as('parent_id'),
          none.as('city_ref'),
          'lessons.edition',
        ])
        .as('r')
    case 'level':
      return db
        .selectFrom('levels')
        .innerJoin('lessons', 'lessons.id', 'levels.lesson_id')
        .select([
          'levels.id',
          'levels.alias',
          'levels.names',
          'levels.active',
          'levels.sort',
          sql<string>`''`.as('text'),
          no.as('popular'),
          no.as('school'),
          'levels.lesson_id as parent_id',
          none.as('city_ref'),
          'lessons.edition',
        ])
        .as('r')
  }
}

export const ROW_COLUMNS = [
  'r.id',
  'r.alias',
  'r.names',
  'r.active',
  'r.sort',
  'r.text',
  'r.popular',
  'r.school',
  'r.parent_id',
  'r.city_ref',
  'r.edition',
] as const

/** Rows of a kind in an edition. */
export function rows(db: Exec, kind: ReferenceKind, ed: Edition) {
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
  for (const [k, name] of Object.entries(v))
    if ((LOCALES as readonly string[]).includes(k) && typeof name === 'string') out[k as Locale] = name
  return out
}

export function toEntity(kind: ReferenceKind, row: RefRow, at: ReferenceScope): ReferenceEntity {
  const cfg = KIND[kind]
  const names = namesOf(row.names)
  const e: ReferenceEntity = {
    id: row.id,
    name: localName(names, at.locale, at.edition),
    names,
    alias: row.alias,
    active: row.active,
    sort: row.sort,
  }
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

export async function parentExists(db: Exec, { kind, edition: ed, id }: KindAt & { id: number }): Promise<boolean> {
  const parent = KIND[kind].parent
  if (!parent) return true
  if (parent.kind === 'region')
    return !!(await db
      .selectFrom('regions')
      .select('id')
      .where('edition', '=', ed.code)
      .where('id', '=', id)
      .executeTakeFirst())
  return !!(await rows(db, parent.kind, ed).select('r.id').where('r.id', '=', id).executeTakeFirst())
}

export async function aliasTaken(
  db: Exec,
  {
    kind,
    edition: ed,
    alias,
    parentId,
    exceptId,
  }: KindAt & { alias: string; parentId: number | null; exceptId: number | null },
): Promise<boolean> {
  let q = rows(db, kind, ed).select('r.id').where('r.alias', '=', alias)
  if (KIND[kind].aliasScope === 'parent') q = q.where('r.parent_id', '=', parentId)
  if (exceptId !== null) q = q.where('r.id', '!=', exceptId)
  return !!(await q.executeTakeFirst())
}

/** The full state a row would have; what validate() checks and write() stores. */
export interface Draft {
  alias: string
  names: Names
  active: boolean
  sort: number
  text: string
  popular: boolean
  school: boolean
  parent_id: number | null
}

export function draftOfRow(row: RefRow): Draft {
  return {
    alias: row.alias,
    names: namesOf(row.names),
    active: row.active,
    sort: row.sort,
    text: row.text,
    popular: row.popular,
    school: row.school,
    parent_id: row.parent_id,
  }
}

export const EMPTY_DRAFT: Draft = {
  alias: '',
  names: {},
  active: true,
  sort: 0,
  text: '',
  popular: false,
  school: false,
  parent_id: null,
}

/** The draft with the given fields on top; a field the kind does not have is ignored. */
export function applyFields({ kind, edition: ed }: KindAt, base: Draft, f: ReferenceFields): Draft {
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
export async function validate(
  db: Exec,
  { kind, edition: ed, draft, selfId }: KindAt & { draft: Draft; selfId: number | null },
): Promise<Draft> {
  const cfg = KIND[kind]
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => addFieldError(errors, field, message)

  const aliasIssue = aliasProblem(draft.alias)
  if (aliasIssue) add('alias', aliasIssue)
  const { names, problem } = checkNames(draft.names as Record<string, unknown>, ed)
  if (problem) add('names', problem)
  if (!Number.isInteger(draft.sort) || draft.sort < SORT_MIN || draft.sort > SORT_MAX)
    add('sort', msg('validation.invalid'))
  if (draft.text.length > TEXT_MAX) add('text', msg('validation.length', { min: 0, max: TEXT_MAX }))
  let parentOk = true
  if (cfg.parent) {
    if (draft.parent_id === null) {
      if (cfg.parent.required) {
        add(cfg.parent.field, msg('validation.required'))
        parentOk = false
      }
    } else if (!(await parentExists(db, { kind, edition: ed, id: draft.parent_id }))) {
      add(cfg.parent.field, msg('validation.invalid'))
      parentOk = false
    }
  }
  if (
    !aliasIssue &&
    parentOk &&
    (await aliasTaken(db, { kind, edition: ed, alias: draft.alias, parentId: draft.parent_id, exceptId: selfId }))
  )
    add('alias', msg('validation.taken'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return { ...draft, names }
}

export function sameNames(a: Names, b: Names): boolean {
  const ka = Object.keys(a).filter((k) => a[k as Locale])
  const kb = Object.keys(b).filter((k) => b[k as Locale])
  return ka.length === kb.length && ka.every((k) => a[k as Locale] === b[k as Locale])
}

/** The fields that differ between two drafts, as {field: [before, after]} with the entity's names. */
export function diff(kind: ReferenceKind, a: Draft, b: Draft): Record<string, [unknown, unknown]> {
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

export async function insertRow(trx: Exec, { kind, edition: ed }: KindAt, d: Draft): Promise<number> {
  const common = { alias: d.alias, names: jsonb(d.names), active: d.active, sort: d.sort }
  switch (kind) {
    case 'city':
      return (
        await trx
          .insertInto('cities')
          .values({ ...common, edition: ed.code, text: d.text, popular: d.popular, region_id: d.parent_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    case 'district':
      return (
        await trx
          .insertInto('districts')
          .values({ ...common, text: d.text, city_id: d.parent_id! })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    case 'subdistrict':
      return (
        await trx
          .insertInto('subdistricts')
          .values({ ...common, text: d.text, district_id: d.parent_id! })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    case 'lesson':
      return (
        await trx
          .insertInto('lessons')
          .values({ ...common, edition: ed.code, text: d.text, popular: d.popular, school: d.school })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    case 'level':
      return (
        await trx
          .insertInto('levels')
          .values({ ...common, lesson_id: d.parent_id! })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
  }
}

export async function updateRow(trx: Exec, { kind, id }: { kind: ReferenceKind; id: number }, d: Draft): Promise<void> {
  const common = { alias: d.alias, names: jsonb(d.names), active: d.active, sort: d.sort }
  switch (kind) {
    case 'city':
      await trx
        .updateTable('cities')
        .set({ ...common, text: d.text, popular: d.popular, region_id: d.parent_id })
        .where('id', '=', id)
        .execute()
      return
    case 'district':
      await trx
        .updateTable('districts')
        .set({ ...common, text: d.text, city_id: d.parent_id! })
        .where('id', '=', id)
        .execute()
      return
    case 'subdistrict':
      await trx
        .updateTable('subdistricts')
        .set({ ...common, text: d.text, district_id: d.parent_id! })
        .where('id', '=', id)
        .execute()
      return
    case 'lesson':
      await trx
        .updateTable('lessons')
        .set({ ...common, text: d.text, popular: d.popular, school: d.school })
        .where('id', '=', id)
        .execute()
      return
    case 'level':
      await trx
        .updateTable('levels')
        .set({ ...common, lesson_id: d.parent_id! })
        .where('id', '=', id)
        .execute()
      return
  }
}

/** What still points at a row: [table, column, array column?]. A foreign key added later is caught too. */
export const USED_BY: Record<ReferenceKind, [string, string, 'array'?][]> = {
  city: [
    ['districts', 'city_id'],
    ['tutor_places', 'city_id'],
    ['tops', 'city_id'],
    ['catalogue_listings', 'city_id'],
  ],
  district: [
    ['subdistricts', 'district_id'],
    ['tutor_places', 'district_id'],
    ['catalogue_listings', 'district_ids', 'array'],
  ],
  subdistrict: [['tutor_places', 'subdistrict_id']],
  lesson: [
    ['levels', 'lesson_id'],
    ['tutor_subjects', 'lesson_id'],
    ['tutor_prices', 'lesson_id'],
    ['reviews', 'lesson_id'],
    ['tops', 'lesson_id'],
    ['catalogue_listings', 'lesson_id'],
  ],
  level: [
    ['tutor_subject_levels', 'level_id'],
    ['reviews', 'level_id'],
    ['catalogue_listings', 'level_ids', 'array'],
  ],
}

export async function isReferenced(trx: Exec, kind: ReferenceKind, id: number): Promise<boolean> {
  for (const [table, column, array] of USED_BY[kind]) {
    const where = array ? sql`${sql.ref(column)} @> array[${id}]::int[]` : sql`${sql.ref(column)} = ${id}`
    const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} where ${where} limit 1`.execute(trx)
    if (hit.rows.length) return true
  }
  return false
}

// PostgreSQL error codes, read alike from PGlite (`constraint`) and postgres.js (`constraint_name`).
export function pgError(err: unknown): { code?: string; constraint?: string } {
  if (!err || typeof err !== 'object') return {}
  const e = err as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
  const constraint =
    typeof e.constraint === 'string'
      ? e.constraint
      : typeof e.constraint_name === 'string'
        ? e.constraint_name
        : undefined
  return { code: typeof e.code === 'string' ? e.code : undefined, constraint }
}

/** The public lists of active rows every page's search form shows (public-reads.ts), kept per edition and language. */
export const referenceLists = keptReads<unknown>('reference_lists', pageReadsTtl)

/**
 * A unique violation on an alias (two writers raced past the check) is the same 422 as the check.
 * Every reference write runs through here.
 */
export async function mapWriteErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    const { code, constraint } = pgError(err)
    if (code === '23505' && constraint?.endsWith('_alias_key'))
      throw new FieldErrors({ alias: [msg('validation.taken')] })
    if (code === '23503') throw wrongStatus() // still referenced by a row that a foreign key guards
    throw err
  } finally {
    // Every reference write passes here: this process's kept lists and slug index show it at once.
    clearPageReads()
    clearAliasCache()
  }
}

export async function lockRow(trx: Exec, { kind, edition: ed }: KindAt, id: number): Promise<RefRow> {
  // The row is locked in its own table (a subquery lock would lock the parents too).
  const found = await rows(trx, kind, ed).select('r.id').where('r.id', '=', id).executeTakeFirst()
  if (!found) throw notFound()
  await sql`select id from ${sql.table(KIND[kind].table)} where id = ${id} for update`.execute(trx)
  const row = await rows(trx, kind, ed).select(ROW_COLUMNS).where('r.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function readEntity(
  db: Exec,
  at: ReferenceScope,
  { kind, id }: { kind: ReferenceKind; id: number },
): Promise<ReferenceEntity> {
  const row = await rows(db, kind, at.edition).select(ROW_COLUMNS).where('r.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return toEntity(kind, row, at)
}
