// The level test's bands (docs/product.md#4-states-and-transitions: a1 0-10, a2 11-18, b1 19-26, b2 27-32, c1 33-37,
// c2 38-40; otherwise 'Test not passed'; docs/product.md#9-business-constants-and-limits maximum 40) at every boundary,
// and the draw's balance.
import { describe, expect, test } from 'bun:test'
import {
  BAND_RANGES,
  LEVEL_TEST_MAX,
  type LevelResult,
  NOT_PASSED,
  SECTION_QUOTA,
  bandOf,
} from '../../common/level-test'
import { BANK_QUESTIONS, BANK_TEXTS } from '../../db/migrations/data/examination-bank'
import { draw } from '../../server/domain/content/level-test'

describe('bands', () => {
  test('every boundary: 0, 10/11, 18/19, 26/27, 32/33, 37/38, 40', () => {
    const cases: [number, LevelResult][] = [
      [0, 'a1'],
      [10, 'a1'],
      [11, 'a2'],
      [18, 'a2'],
      [19, 'b1'],
      [26, 'b1'],
      [27, 'b2'],
      [32, 'b2'],
      [33, 'c1'],
      [37, 'c1'],
      [38, 'c2'],
      [40, 'c2'],
    ]
    for (const [score, band] of cases) expect([score, bandOf(score)]).toEqual([score, band])
  })

  test('outside 0..40 or not a whole number: not passed (41, 100, -1, 2.5, NaN, null)', () => {
    for (const score of [41, 100, -1, -40, 2.5, Number.NaN, Number.POSITIVE_INFINITY, null])
      expect([score, bandOf(score)]).toEqual([score, NOT_PASSED])
  })

  test('the ranges cover 0..40 once each, in order', () => {
    const covered = BAND_RANGES.flatMap(([, lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i))
    expect(covered).toEqual(Array.from({ length: LEVEL_TEST_MAX + 1 }, (_, i) => i))
  })
})

describe('bank and draw', () => {
  test('the seeded bank: at least 120 questions, every section over its quota, the correct option among the options', () => {
    expect(BANK_QUESTIONS.length).toBeGreaterThanOrEqual(120)
    for (const [section, quota] of Object.entries(SECTION_QUOTA))
      expect(BANK_QUESTIONS.filter((q) => q.section === section).length).toBeGreaterThan(quota)
    for (const q of BANK_QUESTIONS) {
      expect(q.correct).toBeLessThan(q.options.length)
      expect(new Set(q.options).size).toBe(q.options.length)
    }
    // The correct option is not always in one place.
    expect(new Set(BANK_QUESTIONS.map((q) => q.correct)).size).toBe(4)
    expect(BANK_TEXTS.length).toBeGreaterThanOrEqual(3)
  })

  test('40 distinct questions, 16 grammar, 12 vocabulary, 12 reading from whole texts, grouped by section', () => {
    const pool = BANK_QUESTIONS.map((q, i) => ({
      id: i + 1,
      related_section: q.section,
      related_text_id: q.textKey === null ? null : q.textKey + 1,
      correct_answer: q.correct,
    }))
    for (let run = 0; run < 20; run++) {
      const d = draw(pool)
      expect(d.length).toBe(40)
      expect(new Set(d.map((q) => q.id)).size).toBe(40)
      for (const [section, quota] of Object.entries(SECTION_QUOTA))
        expect(d.filter((q) => q.related_section === section).length).toBe(quota)
      expect(d.map((q) => q.related_section)).toEqual([
        ...Array(16).fill('grammar'),
        ...Array(12).fill('vocabulary'),
        ...Array(12).fill('reading'),
      ])
      const texts = new Set(d.filter((q) => q.related_text_id).map((q) => q.related_text_id))
      expect(texts.size).toBe(3)
    }
  })

  test('a short section is made up from the others', () => {
    const pool = Array.from({ length: 45 }, (_, i) => ({
      id: i + 1,
      related_section: i < 40 ? 'grammar' : 'vocabulary',
      related_text_id: null,
      correct_answer: 0,
    }))
    expect(draw(pool).length).toBe(40)
    expect(draw(pool.slice(0, 30)).length).toBe(30)
  })
})
