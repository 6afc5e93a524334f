// bun run scripts/import.ts KIND FILE — imports reference data from a CSV file with a header row.
//
//   KIND          columns (name_* are name_ua, name_ru, name_en, name_pl, name_es; the edition's
//                 default locale's name is required for a new row, the others are optional)
//   cities        alias, name_*, region_alias, active, sort, popular, text
//   districts     city_alias, alias, name_*, active, sort, text
//   subdistricts  city_alias, district_alias, alias, name_*, active, sort, text
//   lessons       alias, name_*, active, sort, popular, school, text
//   levels        lesson_alias, alias, name_*, active, sort
//
// A row whose alias exists (in its parent) updates that row when something differs; a new alias is
// inserted; an empty optional cell keeps the stored value; names are merged into the stored ones.
// Re-running a file changes nothing. The rules are the API's (server/domain/reference/reference.ts).
// Prints {imported, updated, unchanged, rejected: [{row, reason}]} as JSON, `row` being the file's
// line number. Exit code: 0 every row accepted, 1 some row rejected or the file unreadable, 2 usage.
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { translate } from '../i18n/keys'
import { msg } from '../i18n/format'
import { type Edition, LOCALES, edition } from '../common/editions'
import { type ReferenceFields, type ReferenceKind, normaliseAlias } from '../server/domain/reference/reference'
import { findReferenceId, findRegionId, upsertReference } from '../server/domain/reference/import'
import { SYSTEM } from '../server/domain/shared/audit'
import { DomainError, FieldErrors } from '../common/errors'
import type { Db } from '../db/client'
import { openCliDatabase } from './cli-db'

interface Spec {
  kind: ReferenceKind
  /** Parent alias columns, outermost first. */
  parents: string[]
  optional: string[]
}

const SPECS: Record<string, Spec> = {
  cities: { kind: 'city', parents: [], optional: ['region_alias', 'active', 'sort', 'popular', 'text'] },
  districts: { kind: 'district', parents: ['city_alias'], optional: ['active', 'sort', 'text'] },
  subdistricts: {
    kind: 'subdistrict',
    parents: ['city_alias', 'district_alias'],
    optional: ['active', 'sort', 'text'],
  },
  lessons: { kind: 'lesson', parents: [], optional: ['active', 'sort', 'popular', 'school', 'text'] },
  levels: { kind: 'level', parents: ['lesson_alias'], optional: ['active', 'sort'] },
}

const USAGE = `usage: bun run scripts/import.ts KIND FILE   (KIND: ${Object.keys(SPECS).join(', ')})`

interface Report {
  imported: number
  updated: number
  unchanged: number
  rejected: { row: number; reason: string }[]
}

class Rejected extends Error {}

function fail(code: number, message: string): never {
  console.error(message)
  process.exit(code)
}

function flagOf(column: string, raw: string): boolean | undefined {
  const v = raw.toLowerCase()
  if (v === '') return undefined
  if (['1', 'true', 'yes', 'on'].includes(v)) return true
  if (['0', 'false', 'no', 'off'].includes(v)) return false
  throw new Rejected(`${column}: expected 1 or 0, got '${raw}'`)
}

function intOf(column: string, raw: string): number | undefined {
  if (raw === '') return undefined
  if (!/^-?\d{1,9}$/.test(raw)) throw new Rejected(`${column}: expected a whole number, got '${raw}'`)
  return Number(raw)
}

/** A domain refusal in words for the report. */
function reasonOf(err: FieldErrors, ed: Edition, alias: string): string {
  return Object.entries(err.fields)
    .map(([field, messages]) => {
      if (field === 'names' && messages.includes(msg('validation.required')))
        return `missing name_${ed.defaultLocale} (the edition's default locale)`
      if (field === 'alias' && messages.includes(msg('validation.taken'))) return `alias '${alias}' is already used`
      if (field === 'alias')
        return `bad alias '${alias}': lowercase latin letters and digits, words joined by single hyphens`
      return `${field}: ${messages.map((m) => translate('en', m)).join(', ')}`
    })
    .join('; ')
}

async function resolveParent(
  db: Db,
  ed: Edition,
  spec: Spec,
  cell: (c: string) => string,
): Promise<Partial<ReferenceFields>> {
  const need = (column: string) => {
    const v = cell(column)
    if (v === '') throw new Rejected(`${column} is empty`)
    return v
  }
  switch (spec.kind) {
    case 'city': {
      const region = cell('region_alias')
      if (region === '') return {}
      const id = await findRegionId(db, ed, region)
      if (id === null) throw new Rejected(`unknown region '${region}'`)
      return { region_id: id }
    }
    case 'district': {
      const city = need('city_alias')
      const id = await findReferenceId(db, { edition: ed, kind: 'city', alias: city })
      if (id === null) throw new Rejected(`unknown city '${city}'`)
      return { city_id: id }
    }
    case 'subdistrict': {
      const city = need('city_alias')
      const cityId = await findReferenceId(db, { edition: ed, kind: 'city', alias: city })
      if (cityId === null) throw new Rejected(`unknown city '${city}'`)
      const district = need('district_alias')
      const id = await findReferenceId(db, { edition: ed, kind: 'district', alias: district, parentId: cityId })
      if (id === null) throw new Rejected(`unknown district '${district}' in city '${city}'`)
      return { district_id: id }
    }
    case 'level': {
      const lesson = need('lesson_alias')
      const id = await findReferenceId(db, { edition: ed, kind: 'lesson', alias: lesson })
      if (id === null) throw new Rejected(`unknown subject '${lesson}'`)
      return { lesson_id: id }
    }
    case 'lesson':
      return {}
  }
}

// ---------------------------------------------------------------------------------------------

const [kindArg, file, ...extra] = process.argv.slice(2)
if (kindArg === undefined || file === undefined || extra.length) fail(2, USAGE)
const spec = SPECS[kindArg]
if (!spec) fail(2, `unknown KIND '${kindArg}'\n${USAGE}`)

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch (err) {
  fail(1, `cannot read ${file}: ${(err as Error).message}`)
}

let records: { record: string[]; info: { lines: number } }[]
try {
  // `info: true` wraps each record as {record, info}; csv-parse's typings do not model that option.
  // Line ends are made \n first: csv-parse counts a CRLF inside a quoted field as two lines.
  records = parse(text.replace(/\r\n?/g, '\n'), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as typeof records
} catch (err) {
  fail(1, `${file}: not a readable CSV file: ${(err as Error).message}`)
}
if (records.length === 0) fail(1, `${file}: no header row`)

const header = records[0]!.record.map((h) => h.trim().toLowerCase())
const nameColumns = LOCALES.map((l) => `name_${l}`)
const allowed = new Set([...spec.parents, 'alias', ...nameColumns, ...spec.optional])
const unknown = header.filter((h) => !allowed.has(h))
const duplicated = header.filter((h, i) => header.indexOf(h) !== i)
const { env, handle } = await openCliDatabase()
const ed = edition(env.SITE)
const required = [...spec.parents, 'alias', `name_${ed.defaultLocale}`]
const missing = required.filter((c) => !header.includes(c))
if (unknown.length || duplicated.length || missing.length) {
  await handle.close()
  const problems = [
    missing.length ? `missing column(s): ${missing.join(', ')}` : '',
    unknown.length ? `unknown column(s): ${unknown.join(', ')}` : '',
    duplicated.length ? `repeated column(s): ${duplicated.join(', ')}` : '',
  ].filter(Boolean)
  fail(1, `${file}: ${problems.join('; ')}\ncolumns for ${kindArg}: ${[...allowed].join(', ')}`)
}

const report: Report = { imported: 0, updated: 0, unchanged: 0, rejected: [] }
const seen = new Map<string, number>()
const scope = { edition: ed, locale: ed.defaultLocale, actor: SYSTEM }

try {
  for (const { record, info } of records.slice(1)) {
    // info.lines is the record's last line; a quoted field may hold line breaks.
    const line = info.lines - record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0)
    const cell = (column: string) => {
      const i = header.indexOf(column)
      return i < 0 ? '' : (record[i] ?? '').trim()
    }
    const alias = cell('alias')
    try {
      if (record.length !== header.length)
        throw new Rejected(`expected ${header.length} columns, found ${record.length}`)
      if (alias === '') throw new Rejected('alias is empty')
      const key = [...spec.parents.map((p) => normaliseAlias(cell(p))), normaliseAlias(alias)].join('/')
      const first = seen.get(key)
      if (first !== undefined) throw new Rejected(`duplicate alias '${alias}' within the file (first on line ${first})`)
      seen.set(key, line)

      const names: Record<string, string> = {}
      for (const locale of LOCALES) {
        const name = cell(`name_${locale}`)
        if (name !== '') names[locale] = name
      }
      const fields: ReferenceFields = {
        alias,
        names,
        active: flagOf('active', cell('active')),
        sort: intOf('sort', cell('sort')),
        ...(await resolveParent(handle.db, ed, spec, cell)),
      }
      if (spec.optional.includes('popular')) fields.popular = flagOf('popular', cell('popular'))
      if (spec.optional.includes('school')) fields.school = flagOf('school', cell('school'))
      if (spec.optional.includes('text') && header.includes('text')) fields.text = cell('text') || undefined

      const outcome = await upsertReference({ ...scope, db: handle.db }, { kind: spec.kind, fields })
      report[outcome]++
    } catch (err) {
      if (err instanceof Rejected) report.rejected.push({ row: line, reason: err.message })
      else if (err instanceof FieldErrors) report.rejected.push({ row: line, reason: reasonOf(err, ed, alias) })
      else if (err instanceof DomainError) report.rejected.push({ row: line, reason: err.code })
      else throw err
    }
  }
} finally {
  await handle.close()
}

console.log(JSON.stringify(report, null, 2))
process.exit(report.rejected.length ? 1 : 0)
