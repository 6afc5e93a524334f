// The catalogue's answer schema (common/schemas/public/catalogue.schema.ts) uses plain objects for
// speed: a field the domain adds by mistake must still never reach the visitor — it is stripped.
import { expect, test } from 'bun:test'
import { ZCatalogueAnswer } from '../../common/schemas/public/catalogue.schema'

const card = {
  id: 1,
  name: 'Олена',
  full_name: 'Олена',
  avatar: null,
  status: 2,
  rate_id: null,
  rate: null,
  price: null,
  currency: 'UAH',
  school_rates: null,
  lessons: [{ id: 3, alias: 'matematyka', name: 'Математика', description: '', levels: [], prices: [] }],
  lesson_levels: { '3': [] },
  city: null,
  locations_home: [],
  locations_travel: [],
  online: true,
  university: { name: '' },
  description: '',
  short_description: '',
  rating: 0,
  review_count: 0,
  response_bucket: null,
  is_top: false,
  why: { top: false, points: 0, parts: [] },
}
const page = {
  items: [card],
  total: 1,
  page: 1,
  per_page: 20,
  pages: 1,
  sort: 'rank',
  filters: { lesson: null, city: null, district: null, level: null, online: true },
  path: '/',
}

test('a field the domain adds by mistake is stripped from the card, its nested objects and the page', () => {
  const leaked = {
    ...page,
    secret: 1,
    items: [{ ...card, email: 'x@example.com', lessons: [{ ...card.lessons[0], admin_comment: 'x' }] }],
  }
  const out = ZCatalogueAnswer.parse(leaked)
  expect(out).toEqual(ZCatalogueAnswer.parse(page))
  expect(JSON.stringify(out)).not.toContain('x@example.com')
})

test('a wrong type is still refused', () => {
  expect(() => ZCatalogueAnswer.parse({ ...page, items: [{ ...card, rating: '5' }] })).toThrow()
})
