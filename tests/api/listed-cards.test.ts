// The cards a server-rendered catalogue page lists (server/ssr/listed-cards.ts) are made from each
// tutor's card columns read as one JSON text and kept by that text. Over the demo marketplace of two
// editions, in each of their languages, every sort and filter kind: the listed cards equal the API's
// cards cut to what a list shows, the rest of the answer equals the API's, a card asked again is the
// kept one, and a tutor whose data changed is listed anew.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { listedCard } from '../../client/components/TutorCard'
import { EDITIONS, type EditionCode } from '../../common/editions'
import { ZCatalogueQuery } from '../../common/schemas/public/catalogue.schema'
import { seedDemo } from '../../db/seed/demo'
import { aliasIndex } from '../../server/domain/catalogue/aliases'
import { searchCatalogue, searchCatalogueCardTexts } from '../../server/domain/catalogue/search'
import { keptCardJson, listedCards } from '../../server/ssr/listed-cards'
import { testDb } from '../helpers/db'

for (const code of ['ua', 'pl'] as EditionCode[])
  describe(`${code}: listed cards`, () => {
    const ed = EDITIONS[code]
    let h: Awaited<ReturnType<typeof testDb>>
    /** Catalogue queries over the busiest slots: every sort, page 2, a level, a district and online. */
    const queries: Record<string, string | number | boolean>[] = []
    beforeAll(async () => {
      h = await testDb()
      await seedDemo(h.db, ed, null)
      const index = await aliasIndex(h.db, ed.code)
      const slots = await h.db
        .selectFrom('catalogue_listings')
        .select(['lesson_id', 'city_id', sql<number>`count(*)::int`.as('n')])
        .where('city_id', '>', 0)
        .groupBy(['lesson_id', 'city_id'])
        .orderBy('n', 'desc')
        .limit(3)
        .execute()
      for (const slot of slots) {
        const lesson = index.byId.lessons.get(slot.lesson_id)!.alias
        const city = index.byId.cities.get(slot.city_id)!.alias
        for (const sort of ['rank', 'price', 'price_desc', 'rating', 'reviews']) queries.push({ lesson, city, sort })
        queries.push({ lesson, city, page: 2 }, { lesson, online: true })
        const level = [...index.byId.levels.values()].find((l) => l.parent_id === slot.lesson_id)
        if (level) queries.push({ lesson, city, level: level.alias })
        const district = [...index.byId.districts.values()].find((d) => d.parent_id === slot.city_id)
        if (district) queries.push({ lesson, city, district: district.alias })
      }
    })
    afterAll(() => h?.close())

    test('equal the API cards cut to what a list shows, in every language', async () => {
      let cards = 0
      for (const locale of ed.locales) {
        const reader = { db: h.db, edition: ed, locale }
        const listed = listedCards(1000)
        for (const input of queries) {
          const q = ZCatalogueQuery.parse(input)
          const api = await searchCatalogue(reader, q)
          const texts = await searchCatalogueCardTexts(reader, q)
          const lessonId = texts.filters.lesson!.id
          const items = texts.items.map((c) => listed.of(c.text, c.is_top, reader, lessonId))
          expect({ input, locale, items }).toEqual({ input, locale, items: api.items.map(listedCard) })
          expect({ ...texts, items: [] }).toEqual({ ...api, items: [] })
          cards += items.length
        }
      }
      // The queries found cards, in numbers (not an empty comparison).
      expect(cards).toBeGreaterThan(100 * ed.locales.length)
    })

    test('a card asked again is the kept one, its JSON kept with it', async () => {
      const reader = { db: h.db, edition: ed, locale: ed.defaultLocale }
      const listed = listedCards(1000)
      const q = ZCatalogueQuery.parse(queries[0])
      const lessonId = (await searchCatalogueCardTexts(reader, q)).filters.lesson!.id
      const make = async () =>
        (await searchCatalogueCardTexts(reader, q)).items.map((c) => listed.of(c.text, c.is_top, reader, lessonId))
      const first = await make()
      const again = await make()
      expect(again.length).toBeGreaterThan(5)
      for (const [i, card] of again.entries()) {
        expect(card).toBe(first[i]!)
        expect(keptCardJson(card)).toBe(JSON.stringify(card))
      }
      // Nothing kept when the renderer keeps no cards (CARD_HTML_CACHE=0): made anew, equal.
      const none = listedCards(0)
      const made = (await searchCatalogueCardTexts(reader, q)).items.map((c) =>
        none.of(c.text, c.is_top, reader, lessonId),
      )
      expect(made).toEqual(first)
      expect(made[0]).not.toBe(first[0])
      expect(none.size()).toBe(0)
    })

    test('a tutor whose data changed is listed anew, not from the kept card', async () => {
      const reader = { db: h.db, edition: ed, locale: ed.defaultLocale }
      const listed = listedCards(1000)
      const q = ZCatalogueQuery.parse(queries[0])
      const list = async () => {
        const texts = await searchCatalogueCardTexts(reader, q)
        return texts.items.map((c) => listed.of(c.text, c.is_top, reader, texts.filters.lesson!.id))
      }
      const before = await list()
      const tutor = before[0]!
      await h.db.updateTable('tutors').set({ name: 'Renamed Tutor' }).where('id', '=', tutor.id).execute()
      const after = await list()
      const renamed = after.find((c) => c.id === tutor.id)!
      expect(renamed.name).toBe('Renamed Tutor')
      expect(renamed).not.toBe(tutor)
      // The others are still the kept ones.
      expect(after.filter((c) => c.id !== tutor.id && before.includes(c)).length).toBe(after.length - 1)
    })
  })
