// Metatags and SEO text of a catalogue page: staff texts for the filter combination where set,
// otherwise generated from the subject, city and district names.
import type { Db } from '../../../db/client'
import { t } from '../../../i18n/keys'
import { keptReads, pageReadsTtl } from '../shared/kept-reads'
import { localName } from '../shared/names'
import type { Reader } from './cards'
import type { ResolvedFilters } from './search'

/** The combination's key: online first, then subject, city, district (the catalogue's key order). */
export function filtersKey(f: {
  online: boolean
  lesson: number
  city?: number | null
  district?: number | null
}): string {
  return [f.online ? 'online' : 'offline', f.lesson, f.city ?? '', f.district ?? ''].join(':')
}

export interface CatalogueMeta {
  h1: string
  title: string
  metad: string
  h2text: string
  h2text_id: number | null
}

/**
 * The staff's texts of an edition's catalogue pages in a language, by filters key: every catalogue
 * page asks, so kept in production for the page reads' TTL (kept-reads.ts); a staff write clears them.
 */
const keptTexts = keptReads<Map<string, StaffSeoText>>('catalogue_seo_texts', pageReadsTtl)
export const clearStaffSeoTexts = keptTexts.clear

interface StaffSeoText {
  id: number
  h1: string
  title: string
  metad: string
  h2text: string
}

function staffSeoTexts(db: Db, edition: string, locale: string): Promise<Map<string, StaffSeoText>> {
  return keptTexts.get(db, `${edition} ${locale}`, async () => {
    const rows = await db
      .selectFrom('catalogue_seo_texts')
      .select(['id', 'filters_key', 'h1', 'title', 'metad', 'h2text'])
      .where('edition', '=', edition)
      .where('locale', '=', locale)
      .execute()
    return new Map(rows.map(({ filters_key, ...text }) => [filters_key, text]))
  })
}

export async function catalogueMeta(
  { db, locale, edition: ed }: Reader,
  { filters: f, total }: { filters: ResolvedFilters; total: number },
): Promise<CatalogueMeta> {
  const key = filtersKey({ online: f.online, lesson: f.lesson.id, city: f.city?.id, district: f.district?.id })
  const staff = (await staffSeoTexts(db, ed.code, locale)).get(key)
  const subject = localName(f.lesson.names, locale, ed)
  const place = f.online
    ? t(locale, 'catalogue.online')
    : f.district
      ? `${localName(f.city?.names, locale, ed)}, ${localName(f.district.names, locale, ed)}`
      : f.city
        ? localName(f.city.names, locale, ed)
        : ''
  const params = { subject, place, count: total, site: ed.siteName }
  const generated = {
    h1: t(locale, place ? 'catalogue.h1_place' : 'catalogue.h1', params),
    title: t(locale, place ? 'catalogue.title_place' : 'catalogue.title', params),
    metad: t(locale, 'catalogue.metad', params),
    h2text: '',
  }
  return {
    h1: staff?.h1 || generated.h1,
    title: staff?.title || generated.title,
    metad: staff?.metad || generated.metad,
    h2text: staff?.h2text || generated.h2text,
    h2text_id: staff?.id ?? null,
  }
}
