// Catalogue cards (server/domain/catalogue/cards.ts): the JSON text the REST answers send is exactly
// JSON.stringify of the cards, and the cards themselves come out of it unchanged.
import { expect, test } from 'bun:test'
import { cardsJson, toCard, withCardsJson } from '../../server/domain/catalogue/cards'
import { edition } from '../../common/editions'

const ed = edition('ua')
const names = (ua: string, en = ua) => ({ ua, ru: ua, en })
/** A card row as the catalogue query returns it (cardSelection). */
const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: `Олена "О'Коннор" \\ ${id}`,
  avatar_url: `/media/avatars/${id}/a.jpg`,
  status: 2,
  short_description: 'Коротко',
  description: 'Опис <b>уроків</b>\n',
  description_length: 19,
  university_name: 'КНУ',
  rate_id: 1,
  price: 30000,
  review_avg: 4.86,
  review_count: 7,
  response_minutes: 12,
  response_rate: 0.9,
  ignored_requests: 0,
  points_first_diploma: 0,
  points_second_diploma: 0,
  video_url: null,
  work_online: true,
  work_home: true,
  work_travel: true,
  has_schedule: true,
  subjects: [
    { id: 12, names: names('Математика', 'Mathematics'), alias: 'mathematics', description: 'Алгебра' },
    { id: 3, names: names('Фізика', 'Physics'), alias: 'physics', description: '' },
  ],
  levels: [
    { lesson_id: 3, id: 31, names: names('ЗНО') },
    { lesson_id: 12, id: 121, names: names('5–9 клас') },
    { lesson_id: 12, id: 122, names: names('10–11 клас') },
  ],
  places: [
    { kind: 'home', city_id: 9, city: names('Львів'), district_id: null, district: null },
    { kind: 'travel', city_id: 1, city: names('Київ'), district_id: 14, district: names('Оболонь') },
    { kind: 'home', city_id: 1, city: names('Київ'), district_id: 11, district: names('Поділ') },
    { kind: 'travel', city_id: 1, city: names('Київ'), district_id: 12, district: names('Печерськ') },
  ],
  rate: { id: 1, names: names('Стандарт') },
  prices: [
    { lesson_id: 3, minutes: 60, price_minor: 40000 },
    { lesson_id: 12, minutes: 45, price_minor: 25000 },
    { lesson_id: 12, minutes: 60, price_minor: 30000 },
  ],
  is_top: false,
  ...over,
})
const reader = { locale: 'ua' as const, edition: ed }
const cards = () => [
  toCard(row(1) as never, reader, { is_top: true, lesson_id: 12 }),
  toCard(row(2, { subjects: [], levels: [], places: [], prices: [], avatar_url: null }) as never, reader),
]

test('a card carries each subject with its own levels and prices, and its places grouped by city in id order', () => {
  const [card] = cards()
  expect(card!.lessons.map((l) => [l.id, l.name, l.levels.map((v) => v.id), l.prices])).toEqual([
    [
      12,
      'Математика',
      [121, 122],
      [
        { minutes: 45, amount_minor: 25000 },
        { minutes: 60, amount_minor: 30000 },
      ],
    ],
    [3, 'Фізика', [31], [{ minutes: 60, amount_minor: 40000 }]],
  ])
  expect(card!.lesson_levels).toEqual({ 3: [31], 12: [121, 122] })
  expect(card!.locations_home).toEqual([
    { city: { id: 1, name: 'Київ' }, districts: [{ id: 11, name: 'Поділ' }] },
    { city: { id: 9, name: 'Львів' }, districts: [] },
  ])
  expect(card!.locations_travel).toEqual([
    {
      city: { id: 1, name: 'Київ' },
      districts: [
        { id: 14, name: 'Оболонь' },
        { id: 12, name: 'Печерськ' },
      ],
    },
  ])
  expect(card!.price).toEqual({ amount_minor: 30000, currency: ed.currency, minutes: 60, lesson_id: 12 })
  expect(card!.city).toBe('Львів')
})

test('the cards JSON text is exactly JSON.stringify of the cards, and the cards are left as they were', () => {
  const list = cards()
  const before = structuredClone(list)
  expect(cardsJson(list)).toBe(JSON.stringify(list))
  expect(list).toEqual(before)
  expect(JSON.parse(cardsJson(list))[0].lesson_levels).toEqual({ 3: [31], 12: [121, 122] })
  const answer = { items: list, page: 2, path: '/x' }
  expect(withCardsJson(answer)).toBe(JSON.stringify(answer))
  expect(withCardsJson({ items: [] })).toBe('{"items":[]}')
})

test('a text that spells the stand-in for lesson_levels still gives the right JSON', () => {
  const list = [
    toCard(
      row(3, { description: '\u0000lesson_levels', short_description: '"\\u0000lesson_levels"' }) as never,
      reader,
    ),
  ]
  expect(cardsJson(list)).toBe(JSON.stringify(list))
})
