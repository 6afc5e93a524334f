// Static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Static pages", #public-reads
// `static_pages/get`; docs/contract.md "Static pages at /p/{alias}/"). One page per edition and alias;
// title, text, meta title and meta description per language of the edition. Staff (panel area `static_pages`) list,
// read, create, save, toggle (change_status) and delete the pages of the edition they act on; every change is
// audited. The public read answers an active page only, in the asked language or the edition's
// default. Text is HTML, sanitised on save and again on every public read.
import { jsonb } from '../../../db/jsonb'
import { sql } from 'kysely'
import { FieldErrors, addFieldError, isUniqueViolation, notFound } from '../../../common/errors'
import type { EditionCode, Locale } from '../../../common/editions'
import {
  STATIC_PAGE_ALIAS,
  STATIC_PAGE_LIMITS,
  type PublicStaticPage,
  type StaticPage,
  type TStaticPageFields,
} from '../../../common/schemas/admin/static-pages.schema'
import { msg } from '../../../i18n/format'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { deleteContentRow, pageOf, readContentRow, toggleActive } from './content-list'
import { RICH_TEXT_TAGS, sanitizeRichText } from './sanitize'

type Texts = Partial<Record<Locale, string>>
const COLUMNS = [
  'id',
  'edition',
  'alias',
  'titles',
  'texts',
  'meta_titles',
  'meta_descriptions',
  'active',
  'created_at',
  'updated_at',
] as const
interface Row {
  id: number
  edition: string
  alias: string
  titles: unknown
  texts: unknown
  meta_titles: unknown
  meta_descriptions: unknown
  active: boolean
  created_at: Date
  updated_at: Date
}

const texts = (v: unknown): Texts => (v && typeof v === 'object' ? (v as Texts) : {})
const answer = (r: Row): StaticPage => ({
  id: r.id,
  edition: r.edition as EditionCode,
  alias: r.alias,
  titles: texts(r.titles),
  texts: texts(r.texts),
  meta_titles: texts(r.meta_titles),
  meta_descriptions: texts(r.meta_descriptions),
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})
// db/jsonb.ts: the one way both drivers store a jsonb value alike (postgres.js would encode a bound JSON text twice).
const json = (v: Texts) => jsonb(v)

const PAGE = 20

/** GET /admin/resources/static_page_rules */
export function staticPageRules(scope: Scope) {
  return {
    locales: [...scope.edition.locales],
    default_locale: scope.edition.defaultLocale,
    alias: { max: STATIC_PAGE_LIMITS.alias, pattern: STATIC_PAGE_ALIAS.source },
    title: { max: STATIC_PAGE_LIMITS.title, required_in: scope.edition.defaultLocale },
    text: { max: STATIC_PAGE_LIMITS.text, allowed_tags: [...RICH_TEXT_TAGS] },
    meta_title: { max: STATIC_PAGE_LIMITS.meta_title },
    meta_description: { max: STATIC_PAGE_LIMITS.meta_description },
  }
}

/** POST /admin/static_pages/index {page, filters: {active?, text_search?}} */
export async function listStaticPages(
  scope: Scope,
  input: { page: number; filters: { active?: boolean; text_search?: string } },
) {
  let q = scope.db.selectFrom('static_pages').where('edition', '=', scope.edition.code)
  const f = input.filters
  if (f.active !== undefined) q = q.where('active', '=', f.active)
  if (f.text_search) {
    const like = `%${f.text_search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb('alias', 'ilike', like), eb(sql<string>`titles::text`, 'ilike', like)]))
  }
  const { rows, total } = await pageOf(q, {
    page: input.page,
    perPage: PAGE,
    rows: (q) => q.select(COLUMNS).orderBy('alias'),
  })
  return { items: rows.map(answer), total, page: input.page }
}

const readRow = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<Row>(db, scope, { table: 'static_pages', columns: COLUMNS, id, lock })

/** GET /admin/static_pages/get?id */
export async function getStaticPage(scope: Scope, input: { id: number }): Promise<StaticPage> {
  return answer(await readRow(scope.db, scope, { id: input.id }))
}

interface Draft {
  alias: string
  titles: Texts
  texts: Texts
  meta_titles: Texts
  meta_descriptions: Texts
  active: boolean
}

/**
 * The stored page after this input: per-language maps merged over the stored ones (the single
 * spec fields fill the request's language), plain texts trimmed, HTML sanitised, empty entries
 * dropped. Refuses languages the edition does not serve and a page without a default-language title.
 */
function draftOf(scope: Scope, input: TStaticPageFields, before: Row | null): Draft {
  const lang = scope.edition.locales.includes(scope.locale) ? scope.locale : scope.edition.defaultLocale
  const errors: Record<string, string[]> = {}
  const merge = (
    field: 'titles' | 'texts' | 'meta_titles' | 'meta_descriptions',
    one: string | undefined,
    clean: (s: string) => string,
  ): Texts => {
    const out: Texts = { ...(before ? texts(before[field]) : {}), ...(input[field] ?? {}) }
    if (one !== undefined) out[lang] = one
    for (const [k, v] of Object.entries(out) as [Locale, string][]) {
      if (!scope.edition.locales.includes(k)) addFieldError(errors, field, msg('validation.invalid'))
      const c = clean(v ?? '')
      if (c) out[k] = c
      else delete out[k]
    }
    return out
  }
  const plain = (s: string) => s.replace(/\s+/g, ' ').trim()
  const draft: Draft = {
    alias: input.alias,
    titles: merge('titles', input.title, plain),
    texts: merge('texts', input.text, sanitizeRichText),
    meta_titles: merge('meta_titles', input.meta_title, plain),
    meta_descriptions: merge('meta_descriptions', input.meta_description, plain),
    active: input.active ?? before?.active ?? true,
  }
  if (!draft.alias) errors.alias = [msg('validation.required')]
  else if (draft.alias.length > STATIC_PAGE_LIMITS.alias || !STATIC_PAGE_ALIAS.test(draft.alias))
    errors.alias = [msg('validation.invalid')]
  // Named by the language, so the panel's editor shows it under that language's title field.
  if (!draft.titles[scope.edition.defaultLocale])
    addFieldError(errors, `titles.${scope.edition.defaultLocale}`, msg('validation.required'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return draft
}

const aliasTaken = () => new FieldErrors({ alias: [msg('validation.taken')] })

async function assertAliasFree(
  db: Executor,
  scope: Scope,
  { alias, exceptId }: { alias: string; exceptId: number | null },
) {
  let q = db
    .selectFrom('static_pages')
    .select('id')
    .where('edition', '=', scope.edition.code)
    .where('alias', '=', alias)
  if (exceptId !== null) q = q.where('id', '<>', exceptId)
  if (await q.executeTakeFirst()) throw aliasTaken()
}

const auditData = (d: Draft) => ({ alias: d.alias, active: d.active, locales: Object.keys(d.titles) })

/** POST /admin/static_pages/create {static_page} */
export async function createStaticPage(scope: Scope, input: { static_page: TStaticPageFields }): Promise<StaticPage> {
  const draft = draftOf(scope, input.static_page, null)
  try {
    return await scope.db.transaction().execute(async (trx) => {
      await assertAliasFree(trx, scope, { alias: draft.alias, exceptId: null })
      const row = await trx
        .insertInto('static_pages')
        .values({
          edition: scope.edition.code,
          alias: draft.alias,
          titles: json(draft.titles),
          texts: json(draft.texts),
          meta_titles: json(draft.meta_titles),
          meta_descriptions: json(draft.meta_descriptions),
          active: draft.active,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'static_page.create',
        entity: 'static_page',
        id: row.id,
        data: auditData(draft),
      })
      return answer(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw aliasTaken()
    throw err
  }
}

/** POST /admin/static_pages/save {id, static_page}: the maps given replace those languages; others stay. */
export async function saveStaticPage(
  scope: Scope,
  input: { id: number; static_page: TStaticPageFields },
): Promise<StaticPage> {
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const before = await readRow(trx, scope, { id: input.id, lock: true })
      const draft = draftOf(scope, input.static_page, before)
      if (draft.alias !== before.alias) await assertAliasFree(trx, scope, { alias: draft.alias, exceptId: input.id })
      const row = await trx
        .updateTable('static_pages')
        .set({
          alias: draft.alias,
          titles: json(draft.titles),
          texts: json(draft.texts),
          meta_titles: json(draft.meta_titles),
          meta_descriptions: json(draft.meta_descriptions),
          active: draft.active,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', input.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'static_page.save',
        entity: 'static_page',
        id: row.id,
        data: { ...auditData(draft), alias_before: before.alias, was_active: before.active },
      })
      return answer(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw aliasTaken()
    throw err
  }
}

/** POST /admin/static_pages/change_status?id: active ⇄ inactive. */
export function changeStaticPageStatus(scope: Scope, input: { id: number }): Promise<StaticPage> {
  return toggleActive<Row, StaticPage>(scope, {
    table: 'static_pages',
    columns: COLUMNS,
    id: input.id,
    audit: {
      action: 'static_page.change_status',
      entity: 'static_page',
      data: (row) => ({ alias: row.alias, active: row.active }),
    },
    answer,
  })
}

/** POST /admin/static_pages/delete?id */
export function deleteStaticPage(scope: Scope, input: { id: number }) {
  return deleteContentRow<{ id: number; alias: string; active: boolean }>(scope, {
    table: 'static_pages',
    id: input.id,
    returning: ['id', 'alias', 'active'],
    audit: {
      action: 'static_page.delete',
      entity: 'static_page',
      data: (row) => ({ alias: row.alias, was_active: row.active }),
    },
  })
}

/** The texts of one language: the asked one, else the edition's default, else any. */
function pick(map: Texts, locale: Locale, fallback: Locale): string {
  return map[locale] || map[fallback] || Object.values(map).find((v) => !!v) || ''
}

/** An active page of the edition in one language; null when there is none (the page answers 404). */
export async function findPublicStaticPage(
  scope: Pick<Scope, 'db' | 'edition' | 'locale'>,
  alias: string,
): Promise<PublicStaticPage | null> {
  const row = await scope.db
    .selectFrom('static_pages')
    .select(COLUMNS)
    .where('edition', '=', scope.edition.code)
    .where('alias', '=', alias)
    .where('active', '=', true)
    .executeTakeFirst()
  if (!row) return null
  const locale = scope.edition.locales.includes(scope.locale) ? scope.locale : scope.edition.defaultLocale
  const def = scope.edition.defaultLocale
  const title = pick(texts(row.titles), locale, def)
  return {
    id: row.id,
    alias: row.alias,
    locale,
    title,
    text: sanitizeRichText(pick(texts(row.texts), locale, def)),
    meta_title: pick(texts(row.meta_titles), locale, def) || title,
    meta_description: pick(texts(row.meta_descriptions), locale, def),
  }
}

/** GET /client/static_pages/get?lang&alias: an inactive or unknown alias is a 404. */
export async function publicStaticPage(scope: Scope, input: { alias: string }): Promise<PublicStaticPage> {
  const page = await findPublicStaticPage(scope, input.alias)
  if (!page) throw notFound()
  return page
}
