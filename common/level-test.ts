// The English level test's rules shared by the server and the browser (docs/product.md#4-states-and-transitions "Level
// test bands (maximum 40): a1 0-10, a2 11-18, b1 19-26, b2 27-32, c1 33-37, c2 38-40; otherwise 'Test not
// passed'", docs/product.md#9-business-constants-and-limits "Level test maximum 40"). Pure: no server,
// client or db imports.

export const LEVEL_TEST_MAX = 40
export const LEVEL_TEST_SECTIONS = ['grammar', 'vocabulary', 'reading'] as const
export type LevelTestSection = (typeof LEVEL_TEST_SECTIONS)[number]
/** Questions drawn per attempt from each section (reading: whole texts until the quota is met). */
export const SECTION_QUOTA: Record<LevelTestSection, number> = { grammar: 16, vocabulary: 12, reading: 12 }
export const LEVEL_BANDS = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'] as const
export type LevelBand = (typeof LEVEL_BANDS)[number]
export const NOT_PASSED = 'not_passed' as const
export type LevelResult = LevelBand | typeof NOT_PASSED

/** [band, lowest score, highest score] of docs/product.md#4-states-and-transitions. */
export const BAND_RANGES: readonly (readonly [LevelBand, number, number])[] = [
  ['a1', 0, 10],
  ['a2', 11, 18],
  ['b1', 19, 26],
  ['b2', 27, 32],
  ['c1', 33, 37],
  ['c2', 38, 40],
]

/**
 * The band of a score; 'not_passed' for anything the bands do not cover: a score that is not an
 * integer from 0 to 40 (41, -1, 2.5, NaN) and `null`, which the server passes for an attempt not
 * answered in full (docs/decisions.md: a band needs all 40 answers).
 */
export function bandOf(score: number | null): LevelResult {
  if (score === null || !Number.isInteger(score)) return NOT_PASSED
  for (const [band, lo, hi] of BAND_RANGES) if (score >= lo && score <= hi) return band
  return NOT_PASSED
}

/** The catalogue level (db/seed/reference.ts language levels) that teaches a band's learners. */
export const CATALOGUE_LEVEL_OF_BAND: Record<LevelBand, string> = {
  a1: 'beginner',
  a2: 'elementary',
  b1: 'intermediate',
  b2: 'upper-intermediate',
  c1: 'advanced',
  c2: 'advanced',
}
/** The English subject's alias in each edition's catalogue (db/seed/reference.ts). */
export const ENGLISH_LESSON_ALIASES = ['english', 'angielski', 'angliyskiy', 'ingles'] as const

/** The browser's storage key of an attempt's chosen options (kept across a reload). */
export const answersStorageKey = (attempt: string) => `level-test:answers:${attempt}`
/** The browser's storage key of the attempt in progress. */
export const CURRENT_ATTEMPT_KEY = 'level-test:english:attempt'
