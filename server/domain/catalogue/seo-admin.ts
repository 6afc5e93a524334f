// Staff SEO: texts and metatags per catalogue filter combination, metatags per page path, and the
// "core files" (robots.txt). Every change audited.
import type { Transaction } from 'kysely'
import type { Db } from '../../../db/client'
import type { DB } from '../../../db/types'
import type { Scope } from '../shared/scope'
import { jsonb } from '../../../db/jsonb'
import type { Edition } from '../../../common/editions'
import { audit } from '../shared/audit'
import { FieldErrors, notFound } from '../../../common/errors'
import { msg } from '../../../i18n/keys'
import { getSetting, setSetting } from '../site/settings'
import { aliasIndex } from './aliases'
import { resolveFilters } from './search'
import { clearStaffSeoTexts, filtersKey } from './seo'

export interface ChosenFilters {
  lesson: string
  city?: string | null
  district?: string | null
  online?: boolean
}
export interface CatalogMetatags {
  locale: string
  h1: string
  title: string
  metad: string
  h2text: string
}

async function keyOf(db: Db, ed: Edition, chosen: ChosenFilters) {
  try {
    const f = resolveFilters(await aliasIndex(db, ed.code), {
      lesson: chosen.lesson,
      city: chosen.city ?? undefined,
      district: chosen.district ?? undefined,
      online: chosen.online,
    })
    return filtersKey({ online: f.online, lesson: f.lesson.id, city: f.city?.id, district: f.district?.id })
  } catch {
    throw new FieldErrors({ chosen_filters: [msg('validation.invalid')] })
  }
}

const COLUMNS = ['id as h2text_id', 'chosen_filters', 'locale', 'h1', 'title', 'metad', 'h2text'] as const

export async function listSeoTexts({ db, edition: ed }: Scope, chosen: ChosenFilters) {
  const key = await keyOf(db, ed, chosen)
  return db
    .selectFrom('catalogue_seo_texts')
    .select(COLUMNS)
    .where('edition', '=', ed.code)
    .where('filters_key', '=', key)
    .orderBy('locale')
    .execute()
}

/** A write of the staff's texts in one transaction; this process's pages show it at once. */
async function staffWrite<T>(db: Db, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(write)
  } finally {
    clearStaffSeoTexts()
  }
}

export async function createSeoText(
  { db, edition: ed, actor }: Scope,
  { chosen_filters: chosen, catalog_metatags: m }: { chosen_filters: ChosenFilters; catalog_metatags: CatalogMetatags },
) {
  const key = await keyOf(db, ed, chosen)
  return staffWrite(db, async (trx) => {
    const taken = await trx
      .selectFrom('catalogue_seo_texts')
      .select('id')
      .where('edition', '=', ed.code)
      .where('filters_key', '=', key)
      .where('locale', '=', m.locale)
      .executeTakeFirst()
    if (taken) throw new FieldErrors({ locale: [msg('validation.taken')] })
    const row = await trx
      .insertInto('catalogue_seo_texts')
      .values({ edition: ed.code, filters_key: key, chosen_filters: jsonb(chosen), ...m })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, {
      action: 'seo_text.create',
      entity: 'catalogue_seo_text',
      id: row.id,
      data: { key, locale: m.locale },
    })
    return { h2text_id: row.id }
  })
}

export async function saveSeoText(
  { db, actor }: Scope,
  { h2text_id: id, catalog_metatags: m }: { h2text_id: number; catalog_metatags: Omit<CatalogMetatags, 'locale'> },
) {
  return staffWrite(db, async (trx) => {
    const res = await trx
      .updateTable('catalogue_seo_texts')
      .set({ h1: m.h1, title: m.title, metad: m.metad, h2text: m.h2text })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 0) throw notFound()
    await audit(trx, actor, { action: 'seo_text.save', entity: 'catalogue_seo_text', id: id })
    return { h2text_id: id }
  })
}

export async function deleteSeoText({ db, actor }: Scope, id: number) {
  return staffWrite(db, async (trx) => {
    const res = await trx.deleteFrom('catalogue_seo_texts').where('id', '=', id).executeTakeFirst()
    if (Number(res.numDeletedRows) === 0) throw notFound()
    await audit(trx, actor, { action: 'seo_text.delete', entity: 'catalogue_seo_text', id: id })
    return { deleted: true }
  })
}

export interface PageMetatags {
  path: string
  locale: string
  title: string
  description: string
  h1: string
}
const PAGE_COLUMNS = ['id as seo_page_metatags_id', 'path', 'locale', 'title', 'description', 'h1'] as const

export async function listPageMetatags({ db, edition: ed }: Scope, page: number) {
  const q = db.selectFrom('page_metatags').where('edition', '=', ed.code)
  const [items, total] = await Promise.all([
    q
      .select(PAGE_COLUMNS)
      .orderBy('path')
      .orderBy('locale')
      .limit(20)
      .offset((page - 1) * 20)
      .execute(),
    q.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { items, total: Number(total.n), page }
}

export async function getPageMetatags(db: Db, id: number) {
  const row = await db.selectFrom('page_metatags').select(PAGE_COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** Creates the page's metatags, or saves them over row `id` when given. */
export async function upsertPageMetatags({ db, edition: ed, actor }: Scope, m: PageMetatags, id?: number) {
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('page_metatags')
      .select('id')
      .where('edition', '=', ed.code)
      .where('path', '=', m.path)
      .where('locale', '=', m.locale)
      .executeTakeFirst()
    if (clash && clash.id !== id) throw new FieldErrors({ path: [msg('validation.taken')] })
    let rowId = id
    if (id) {
      const res = await trx.updateTable('page_metatags').set(m).where('id', '=', id).executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) throw notFound()
    } else {
      rowId = (
        await trx
          .insertInto('page_metatags')
          .values({ ...m, edition: ed.code })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    }
    await audit(trx, actor, {
      action: id ? 'page_metatags.save' : 'page_metatags.create',
      entity: 'page_metatags',
      id: rowId!,
      data: { path: m.path },
    })
    return { seo_page_metatags_id: rowId! }
  })
}

export async function deletePageMetatags({ db, actor }: Scope, id: number) {
  return db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('page_metatags').where('id', '=', id).executeTakeFirst()
    if (Number(res.numDeletedRows) === 0) throw notFound()
    await audit(trx, actor, { action: 'page_metatags.delete', entity: 'page_metatags', id: id })
    return { deleted: true }
  })
}

/** Staff metatags for a page path in a locale, if any (the SSR head prefers them). */
export function pageMetatagsFor(db: Db, ed: Edition, { path, locale }: { path: string; locale: string }) {
  return db
    .selectFrom('page_metatags')
    .select(['title', 'description', 'h1'])
    .where('edition', '=', ed.code)
    .where('path', '=', path)
    .where('locale', '=', locale)
    .executeTakeFirst()
}

export const DEFAULT_ROBOTS = (origin: string) =>
  `User-agent: *\nDisallow: /panel/\nDisallow: /profile/\nDisallow: /request/\nDisallow: /zayavka/\nDisallow: /trpc/\nSitemap: ${origin}/sitemap.xml\n`

export async function getCoreFiles(db: Db) {
  return getSetting(db, 'seo_resources')
}

export async function saveCoreFiles(scope: Scope, r: { robots_txt: string | null }) {
  await setSetting(scope, { key: 'seo_resources', value: r })
  return r
}
