// News and news categories, the staff side (docs/api.md#admin-news "News", "News categories"; issue
// 13 item 2; panel area `news`). Both belong to the edition staff act on and keep their texts per
// language ({locale: text}); the spec's single fields fill the request's language. A news item is
// shown on the site when it is published AND active (published_at is set the first time it is
// published and kept, so withdrawing and re-publishing does not move it to the top). Aliases are path
// segments: /news/{category alias}/ and /news/{news alias}/ share one namespace, so an alias is unique
// per edition across both tables. An empty news alias is made from the title. Text is HTML,
// sanitised on save and again on every public read. Every change is audited.
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import { FieldErrors, addFieldError, isUniqueViolation, notFound, wrongStatus } from '../../../common/errors'
import type { EditionCode, Locale } from '../../../common/editions'
import {
  NEWS_ADMIN_PAGE,
  NEWS_ALIAS,
  NEWS_IMAGE,
  NEWS_LIMITS,
  type NewsCategory,
  type NewsOne,
  type TNewsCategoryFields,
  type TNewsFields,
} from '../../../common/schemas/admin/news.schema'
import { msg } from '../../../i18n/format'
import type { FileStorage } from '../../integrations/storage/storage'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { MAX_IMAGE_PIXELS } from '../tutors/files'
import {
  NEWS_IMAGE_MAX_BYTES,
  NEWS_IMAGE_TYPES,
  type StoredNewsImage,
  imageAnswer,
  mediaUrl,
  putMainImage,
  removeFiles,
  renderMainImage,
  storeTextImage,
} from './news-images'
import { deleteContentRow, pageOf, readContentRow, toggleActive } from './content-list'
import { RICH_TEXT_TAGS, sanitizeRichText } from './sanitize'

type Texts = Partial<Record<Locale, string>>
const texts = (v: unknown): Texts => (v && typeof v === 'object' ? (v as Texts) : {})
const iso = (d: Date | null) => (d ? d.toISOString() : null)
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const plain = (s: string) => s.replace(/\s+/g, ' ').trim()

/** The request's language when the edition serves it, else the edition's default. */
export const localeOf = (scope: Pick<Scope, 'edition' | 'locale'>) =>
  scope.edition.locales.includes(scope.locale) ? scope.locale : scope.edition.defaultLocale

/** The texts of one language: the asked one, else the edition's default, else any. */
export function pick(map: Texts, locale: Locale, fallback: Locale): string {
  return map[locale] || map[fallback] || Object.values(map).find((v) => !!v) || ''
}

/** The rating of a row: the mean of the marks, to 0.1. */
export const ratingOf = (sum: number, count: number) => ({
  avg: count ? Math.round((sum / count) * 10) / 10 : 0,
  count,
})

// ——— resources ———

/** GET /admin/resources/news_rules */
export function newsRules(scope: Scope) {
  return {
    locales: [...scope.edition.locales],
    default_locale: scope.edition.defaultLocale,
    alias: { max: NEWS_LIMITS.alias, pattern: NEWS_ALIAS.source },
    title: { max: NEWS_LIMITS.title, required_in: scope.edition.defaultLocale },
    text: { max: NEWS_LIMITS.text, allowed_tags: [...RICH_TEXT_TAGS] },
    description: { max: NEWS_LIMITS.description },
    image: {
      types: [...NEWS_IMAGE_TYPES],
      max_bytes: NEWS_IMAGE_MAX_BYTES,
      max_pixels: MAX_IMAGE_PIXELS,
      width: NEWS_IMAGE.width,
      thumb_width: NEWS_IMAGE.thumbWidth,
      thumb_height: NEWS_IMAGE.thumbHeight,
    },
  }
}

/** GET /admin/resources/news_categories: every category of the edition, by name. */
export async function newsCategoryOptions(scope: Scope) {
  const rows = await scope.db
    .selectFrom('news_categories')
    .select(['id', 'alias', 'names', 'active'])
    .where('edition', '=', scope.edition.code)
    .orderBy('id')
    .execute()
  const l = localeOf(scope)
  return rows.map((r) => ({
    id: r.id,
    alias: r.alias,
    name: pick(texts(r.names), l, scope.edition.defaultLocale) || r.alias,
    active: r.active,
  }))
}

// ——— aliases ———

const aliasTaken = () => new FieldErrors({ alias: [msg('validation.taken')] })

/** Whether the alias names another news item or category of the edition. */
async function aliasUsed(
  db: Executor,
  scope: Scope,
  { alias, except }: { alias: string; except: { table: 'news' | 'news_categories'; id: number } | null },
) {
  const inTable = async (table: 'news' | 'news_categories') => {
    let q = db.selectFrom(table).select('id').where('edition', '=', scope.edition.code).where('alias', '=', alias)
    if (except?.table === table) q = q.where('id', '<>', except.id)
    return !!(await q.executeTakeFirst())
  }
  return (await inTable('news')) || (await inTable('news_categories'))
}

function checkAlias(alias: string, errors: Record<string, string[]>) {
  if (!alias) errors.alias = [msg('validation.required')]
  else if (alias.length > NEWS_LIMITS.alias || !NEWS_ALIAS.test(alias)) errors.alias = [msg('validation.invalid')]
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
  ñ: 'n',
}

/** A path segment made of a title: transliterated, lower case, dashes; at most 80 characters. */
export function slugify(title: string): string {
  const latin = [...title.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  return latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

// ——— categories ———

const CATEGORY_COLUMNS = ['id', 'edition', 'alias', 'names', 'active', 'created_at', 'updated_at'] as const
interface CategoryRow {
  id: number
  edition: string
  alias: string
  names: unknown
  active: boolean
  created_at: Date
  updated_at: Date
}

const categoryAnswer = (r: CategoryRow, newsCount: number): NewsCategory => ({
  id: r.id,
  edition: r.edition as EditionCode,
  alias: r.alias,
  names: texts(r.names),
  active: r.active,
  news_count: newsCount,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

async function newsCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await db
    .selectFrom('news')
    .select(['category_id', sql<number>`count(*)::int`.as('n')])
    .where('category_id', 'in', ids)
    .groupBy('category_id')
    .execute()
  return new Map(rows.map((r) => [r.category_id!, r.n]))
}

const readCategory = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<CategoryRow>(db, scope, { table: 'news_categories', columns: CATEGORY_COLUMNS, id, lock })

/** Merges per-language maps over the stored ones (the single field fills the request's language), cleans them, drops empty entries. */
function mergeTexts(
  scope: Scope,
  {
    field,
    before,
    given,
    one,
    clean,
    errors,
  }: {
    field: string
    before: Texts
    given: Texts | undefined
    one: string | undefined
    clean: (s: string) => string
    errors: Record<string, string[]>
  },
): Texts {
  const out: Texts = { ...before, ...(given ?? {}) }
  if (one !== undefined) out[localeOf(scope)] = one
  for (const [k, v] of Object.entries(out) as [Locale, string][]) {
    if (!scope.edition.locales.includes(k)) addFieldError(errors, field, msg('validation.invalid'))
    const c = clean(v ?? '')
    if (c) out[k] = c
    else delete out[k]
  }
  return out
}

function categoryDraft(scope: Scope, input: TNewsCategoryFields, before: CategoryRow | null) {
  const errors: Record<string, string[]> = {}
  const names = mergeTexts(scope, {
    field: 'names',
    before: before ? texts(before.names) : {},
    given: input.names,
    one: input.name,
    clean: plain,
    errors,
  })
  const draft = {
    alias: input.alias || slugify(pick(names, scope.edition.defaultLocale, scope.edition.defaultLocale)),
    names,
    active: input.active ?? before?.active ?? true,
  }
  checkAlias(draft.alias, errors)
  if (!names[scope.edition.defaultLocale])
    addFieldError(errors, `names.${scope.edition.defaultLocale}`, msg('validation.required'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return draft
}

/** GET /admin/news_categories/get?page */
export async function listNewsCategories(scope: Scope, input: { page: number }) {
  const q = scope.db.selectFrom('news_categories').where('edition', '=', scope.edition.code)
  const { rows, total } = await pageOf(q, {
    page: input.page,
    perPage: NEWS_ADMIN_PAGE,
    rows: (q) => q.select(CATEGORY_COLUMNS).orderBy('id'),
  })
  const counts = await newsCounts(
    scope.db,
    rows.map((r) => r.id),
  )
  return { items: rows.map((r) => categoryAnswer(r, counts.get(r.id) ?? 0)), total, page: input.page }
}

/** GET /admin/news_category/get?id */
export async function getNewsCategory(scope: Scope, input: { id: number }): Promise<NewsCategory> {
  const row = await readCategory(scope.db, scope, input)
  return categoryAnswer(row, (await newsCounts(scope.db, [row.id])).get(row.id) ?? 0)
}

async function uniqueWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (isUniqueViolation(err)) throw aliasTaken()
    throw err
  }
}

/** POST /admin/news_category/create {news_category} */
export function createNewsCategory(scope: Scope, input: { news_category: TNewsCategoryFields }): Promise<NewsCategory> {
  const draft = categoryDraft(scope, input.news_category, null)
  return uniqueWrite(() =>
    scope.db.transaction().execute(async (trx) => {
      if (await aliasUsed(trx, scope, { alias: draft.alias, except: null })) throw aliasTaken()
      const row = await trx
        .insertInto('news_categories')
        .values({ edition: scope.edition.code, alias: draft.alias, names: jsonb(draft.names), active: draft.active })
        .returning(CATEGORY_COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'news_category.create',
        entity: 'news_category',
        id: row.id,
        data: { alias: draft.alias, active: draft.active },
      })
      return categoryAnswer(row, 0)
    }),
  )
}

/** POST /admin/news_category/save {id, news_category} */
export function saveNewsCategory(
  scope: Scope,
  input: { id: number; news_category: TNewsCategoryFields },
): Promise<NewsCategory> {
  return uniqueWrite(() =>
    scope.db.transaction().execute(async (trx) => {
      const before = await readCategory(trx, scope, { id: input.id, lock: true })
      const draft = categoryDraft(scope, input.news_category, before)
      if (
        draft.alias !== before.alias &&
        (await aliasUsed(trx, scope, { alias: draft.alias, except: { table: 'news_categories', id: input.id } }))
      )
        throw aliasTaken()
      const row = await trx
        .updateTable('news_categories')
        .set({ alias: draft.alias, names: jsonb(draft.names), active: draft.active, updated_at: sql<Date>`now()` })
        .where('id', '=', input.id)
        .returning(CATEGORY_COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'news_category.save',
        entity: 'news_category',
        id: row.id,
        data: { alias: draft.alias, alias_before: before.alias, active: draft.active },
      })
      return categoryAnswer(row, (await newsCounts(trx, [row.id])).get(row.id) ?? 0)
    }),
  )
}

/** POST /admin/news_category/set_active_or_inactive?id: active ⇄ inactive (an inactive category's page is a 404; its news stay). */
export function toggleNewsCategory(scope: Scope, input: { id: number }): Promise<NewsCategory> {
  return toggleActive<CategoryRow, NewsCategory>(scope, {
    table: 'news_categories',
    columns: CATEGORY_COLUMNS,
    id: input.id,
    audit: {
      action: 'news_category.set_active_or_inactive',
      entity: 'news_category',
      data: (row) => ({ alias: row.alias, active: row.active }),
    },
    answer: async (row, trx) => categoryAnswer(row, (await newsCounts(trx, [row.id])).get(row.id) ?? 0),
  })
}

/** POST /admin/news_category/delete?id: its news stay, without a category. */
export function deleteNewsCategory(scope: Scope, input: { id: number }) {
  return deleteContentRow<{ id: number; alias: string }>(scope, {
    table: 'news_categories',
    id: input.id,
    returning: ['id', 'alias'],
    audit: { action: 'news_category.delete', entity: 'news_category', data: (row) => ({ alias: row.alias }) },
  })
}

// ——— news ———

const NEWS_COLUMNS = [
  'id',
  'edition',
  'alias',
  'category_id',
  'titles',
  'texts',
  'descriptions',
  'image',
  'text_images',
  'published',
  'active',
  'published_at',
  'rating_sum',
  'rating_count',
  'created_at',
  'updated_at',
] as const
interface NewsRow {
  id: number
  edition: string
  alias: string
  category_id: number | null
  titles: unknown
  texts: unknown
  descriptions: unknown
  image: unknown
  text_images: unknown
  published: boolean
  active: boolean
  published_at: Date | null
  rating_sum: number
  rating_count: number
  created_at: Date
  updated_at: Date
}

const newsAnswer = (r: NewsRow): NewsOne => ({
  id: r.id,
  edition: r.edition as EditionCode,
  alias: r.alias,
  category_id: r.category_id,
  titles: texts(r.titles),
  texts: texts(r.texts),
  descriptions: texts(r.descriptions),
  image: imageAnswer(r.image),
  published: r.published,
  active: r.active,
  published_at: iso(r.published_at),
  rating: ratingOf(r.rating_sum, r.rating_count),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const imageKeys = (v: unknown) => {
  const i = v as StoredNewsImage | null
  return i?.key ? [i.key, i.thumb_key] : []
}
const textImageKeys = (v: unknown) => (Array.isArray(v) ? (v as string[]) : [])

const readNews = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<NewsRow>(db, scope, { table: 'news', columns: NEWS_COLUMNS, id, lock })

/** GET /admin/news/get?page&filters: newest first. */
export async function listNews(
  scope: Scope,
  input: {
    page: number
    filters: { published?: boolean; active?: boolean; category_id?: number; text_search?: string }
  },
) {
  let q = scope.db.selectFrom('news').where('edition', '=', scope.edition.code)
  const f = input.filters
  if (f.published !== undefined) q = q.where('published', '=', f.published)
  if (f.active !== undefined) q = q.where('active', '=', f.active)
  if (f.category_id !== undefined) q = q.where('category_id', '=', f.category_id)
  if (f.text_search) {
    const like = likeOf(f.text_search)
    q = q.where((eb) => eb.or([eb('alias', 'ilike', like), eb(sql<string>`titles::text`, 'ilike', like)]))
  }
  const { rows, total } = await pageOf(q, {
    page: input.page,
    perPage: NEWS_ADMIN_PAGE,
    rows: (q) => q.select(NEWS_COLUMNS).orderBy(sql`coalesce(published_at, created_at)`, 'desc').orderBy('id', 'desc'),
  })
  return { items: rows.map(newsAnswer), total, page: input.page }
}

/** GET /admin/news_one/get?id */
export async function getNews(scope: Scope, input: { id: number }): Promise<NewsOne> {
  return newsAnswer(await readNews(scope.db, scope, input))
}

interface NewsDraft {
  alias: string
  auto: boolean
  category_id: number | null
  titles: Texts
  texts: Texts
  descriptions: Texts
  published: boolean
  active: boolean
}

function newsDraft(scope: Scope, input: TNewsFields, before: NewsRow | null): NewsDraft {
  const errors: Record<string, string[]> = {}
  const merge = (field: 'titles' | 'texts' | 'descriptions', one: string | undefined, clean: (s: string) => string) =>
    mergeTexts(scope, { field, before: before ? texts(before[field]) : {}, given: input[field], one, clean, errors })
  const titles = merge('titles', input.title, plain)
  const auto = !input.alias
  const draft: NewsDraft = {
    alias:
      input.alias || (before?.alias ?? slugify(pick(titles, scope.edition.defaultLocale, scope.edition.defaultLocale))),
    auto: auto && !before,
    category_id: input.category_id === undefined ? (before?.category_id ?? null) : input.category_id,
    titles,
    texts: merge('texts', input.text, sanitizeRichText),
    descriptions: merge('descriptions', input.description, plain),
    published: input.published ?? before?.published ?? false,
    active: input.active ?? before?.active ?? true,
  }
  if (!(draft.auto && !draft.alias)) checkAlias(draft.alias, errors)
  if (!titles[scope.edition.defaultLocale])
    addFieldError(errors, `titles.${scope.edition.defaultLocale}`, msg('validation.required'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return draft
}

async function assertCategory(db: Executor, scope: Scope, id: number | null) {
  if (id === null) return
  const row = await db
    .selectFrom('news_categories')
    .select('id')
    .where('id', '=', id)
    .where('edition', '=', scope.edition.code)
    .executeTakeFirst()
  if (!row) throw new FieldErrors({ category_id: [msg('validation.invalid')] })
}

/** A free alias: the one asked (taken: 422), or, made from the title, with -2, -3 … when taken. */
async function freeAlias(
  db: Executor,
  scope: Scope,
  { draft, exceptId }: { draft: NewsDraft; exceptId: number | null },
): Promise<string> {
  const except = exceptId === null ? null : { table: 'news' as const, id: exceptId }
  if (!draft.auto) {
    if (await aliasUsed(db, scope, { alias: draft.alias, except })) throw aliasTaken()
    return draft.alias
  }
  const base = draft.alias || 'news'
  for (let n = 1; n < 50; n++) {
    const alias = n === 1 ? base : `${base}-${n}`
    if (!(await aliasUsed(db, scope, { alias, except }))) return alias
  }
  return `${base}-${Date.now().toString(36)}`
}

const auditData = (d: NewsDraft, alias: string) => ({
  alias,
  category_id: d.category_id,
  published: d.published,
  active: d.active,
  locales: Object.keys(d.titles),
})

const given = (image: unknown) => image !== undefined && image !== null && image !== ''

/** POST /admin/news_one/create (multipart: news, optional image): the image is checked and resized before anything is written. */
export async function createNews(
  scope: Scope,
  input: { news: TNewsFields; image?: unknown },
  storage: FileStorage,
): Promise<NewsOne> {
  const draft = newsDraft(scope, input.news, null)
  const rendered = given(input.image) ? await renderMainImage(input.image) : null
  const written: string[] = []
  try {
    return await uniqueWrite(() =>
      scope.db.transaction().execute(async (trx) => {
        await assertCategory(trx, scope, draft.category_id)
        const alias = await freeAlias(trx, scope, { draft, exceptId: null })
        let row = await trx
          .insertInto('news')
          .values({
            edition: scope.edition.code,
            alias,
            category_id: draft.category_id,
            titles: jsonb(draft.titles),
            texts: jsonb(draft.texts),
            descriptions: jsonb(draft.descriptions),
            published: draft.published,
            active: draft.active,
            published_at: draft.published ? scope.now() : null,
          })
          .returning(NEWS_COLUMNS)
          .executeTakeFirstOrThrow()
        if (rendered) {
          const stored = await putMainImage(storage, { newsId: row.id, rendered })
          written.push(stored.key, stored.thumb_key)
          row = await trx
            .updateTable('news')
            .set({ image: jsonb(stored) })
            .where('id', '=', row.id)
            .returning(NEWS_COLUMNS)
            .executeTakeFirstOrThrow()
        }
        await audit(trx, scope.actor, {
          action: 'news.create',
          entity: 'news',
          id: row.id,
          data: { ...auditData(draft, alias), image: !!rendered },
        })
        return newsAnswer(row)
      }),
    )
  } catch (err) {
    await removeFiles(storage, written)
    throw err
  }
}

/** POST /admin/news_one/save (multipart: news with its id, optional image): the maps given replace those languages; others stay. */
export async function saveNews(
  scope: Scope,
  input: { id: number; news: TNewsFields; image?: unknown },
  storage: FileStorage,
): Promise<NewsOne> {
  const rendered = given(input.image) ? await renderMainImage(input.image) : null
  const written: string[] = []
  try {
    const { answer, old } = await uniqueWrite(() =>
      scope.db.transaction().execute(async (trx) => {
        const before = await readNews(trx, scope, { id: input.id, lock: true })
        const draft = newsDraft(scope, input.news, before)
        await assertCategory(trx, scope, draft.category_id)
        const alias =
          draft.alias === before.alias ? before.alias : await freeAlias(trx, scope, { draft, exceptId: input.id })
        let image: StoredNewsImage | null = null
        if (rendered) {
          image = await putMainImage(storage, { newsId: input.id, rendered })
          written.push(image.key, image.thumb_key)
        }
        const row = await trx
          .updateTable('news')
          .set({
            alias,
            category_id: draft.category_id,
            titles: jsonb(draft.titles),
            texts: jsonb(draft.texts),
            descriptions: jsonb(draft.descriptions),
            published: draft.published,
            active: draft.active,
            published_at: draft.published && !before.published_at ? scope.now() : before.published_at,
            ...(image ? { image: jsonb(image) } : {}),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', input.id)
          .returning(NEWS_COLUMNS)
          .executeTakeFirstOrThrow()
        await audit(trx, scope.actor, {
          action: 'news.save',
          entity: 'news',
          id: row.id,
          data: {
            ...auditData(draft, alias),
            alias_before: before.alias,
            image: image ? mediaUrl(image.key) : undefined,
          },
        })
        return { answer: newsAnswer(row), old: image ? before.image : null }
      }),
    )
    await removeFiles(storage, imageKeys(old))
    return answer
  } catch (err) {
    await removeFiles(storage, written)
    throw err
  }
}

/** POST /admin/news_one/set_published?id[&published=0]: the same state again is a 409. */
export function setNewsPublished(scope: Scope, input: { id: number; published: boolean }): Promise<NewsOne> {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readNews(trx, scope, { id: input.id, lock: true })
    if (before.published === input.published) throw wrongStatus()
    const row = await trx
      .updateTable('news')
      .set({
        published: input.published,
        published_at: before.published_at ?? (input.published ? scope.now() : null),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .returning(NEWS_COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'news.set_published',
      entity: 'news',
      id: row.id,
      data: { published: row.published },
    })
    return newsAnswer(row)
  })
}

/** POST /admin/news_one/set_active_or_inactive?id: active ⇄ inactive. */
export function toggleNewsActive(scope: Scope, input: { id: number }): Promise<NewsOne> {
  return toggleActive<NewsRow, NewsOne>(scope, {
    table: 'news',
    columns: NEWS_COLUMNS,
    id: input.id,
    audit: { action: 'news.set_active_or_inactive', entity: 'news', data: (row) => ({ active: row.active }) },
    answer: newsAnswer,
  })
}

/** POST /admin/news_one/delete_main_image?id: 409 when there is none. */
export async function deleteNewsMainImage(scope: Scope, input: { id: number }, storage: FileStorage): Promise<NewsOne> {
  const { row, old } = await scope.db.transaction().execute(async (trx) => {
    const before = await readNews(trx, scope, { id: input.id, lock: true })
    if (!imageKeys(before.image).length) throw wrongStatus()
    const row = await trx
      .updateTable('news')
      .set({ image: null, updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .returning(NEWS_COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'news.delete_main_image',
      entity: 'news',
      id: row.id,
      data: { image: imageAnswer(before.image)?.url ?? null },
    })
    return { row, old: before.image }
  })
  await removeFiles(storage, imageKeys(old))
  return newsAnswer(row)
}

/** POST /admin/news_one/add_image {image, news_id}: an image for the text; its address goes into the HTML. */
export async function addNewsImage(scope: Scope, input: { news_id: number; image: unknown }, storage: FileStorage) {
  await readNews(scope.db, scope, { id: input.news_id })
  const stored = await storeTextImage(storage, { newsId: input.news_id, image: input.image })
  try {
    await scope.db.transaction().execute(async (trx) => {
      await readNews(trx, scope, { id: input.news_id, lock: true })
      await trx
        .updateTable('news')
        .set({ text_images: sql`text_images || ${jsonb([stored.key])}` })
        .where('id', '=', input.news_id)
        .execute()
      await audit(trx, scope.actor, {
        action: 'news.add_image',
        entity: 'news',
        id: input.news_id,
        data: { url: mediaUrl(stored.key) },
      })
    })
  } catch (err) {
    await removeFiles(storage, [stored.key])
    throw err
  }
  return { url: mediaUrl(stored.key), width: stored.width, height: stored.height }
}

/** POST /admin/news_one/delete?id: the item, its ratings and its images. */
export async function deleteNews(scope: Scope, input: { id: number }, storage: FileStorage) {
  const row = await scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('news')
      .where('id', '=', input.id)
      .where('edition', '=', scope.edition.code)
      .returning(['id', 'alias', 'image', 'text_images'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, { action: 'news.delete', entity: 'news', id: row.id, data: { alias: row.alias } })
    return row
  })
  await removeFiles(storage, [...imageKeys(row.image), ...textImageKeys(row.text_images)])
  return { deleted: true as const }
}
