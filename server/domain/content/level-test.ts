// The English level test (docs/product.md#4-states-and-transitions bands,
// docs/product.md#9-business-constants-and-limits maximum 40; docs/api.md#client-level-test `examination_tests`; issue
// 15 item 1). An attempt draws 40 active questions balanced by section (common/level-test.ts SECTION_QUOTA; reading as
// whole texts) and keeps their ids and correct options server-side; the browser gets the questions and options only,
// sends the chosen option per question, and the server scores. A band needs all 40 answered (docs/decisions.md);
// a tutor's passed band is stored on the tutor (the public profile's badge).
import { randomBytes, randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { DomainError, FieldErrors, notFound } from '../../../common/errors'
import { cataloguePath } from '../../../common/catalogue-paths'
import {
  BAND_RANGES,
  CATALOGUE_LEVEL_OF_BAND,
  ENGLISH_LESSON_ALIASES,
  LEVEL_BANDS,
  LEVEL_TEST_MAX,
  type LevelBand,
  LEVEL_TEST_SECTIONS,
  type LevelTestSection,
  NOT_PASSED,
  SECTION_QUOTA,
  bandOf,
} from '../../../common/level-test'
import {
  type ExaminationAttempt,
  type ExaminationResult,
  QUESTION_LIMITS,
} from '../../../common/schemas/public/examination.schema'
import type { TutorLevelBadge } from '../../../common/schemas/tutor/level-test.schema'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/format'
import { type Executor, audit } from '../shared/audit'
import { LIMITS, type LimitUse, takeLimits } from '../shared/window-throttle'
import type { Scope } from '../shared/scope'

export const START_PATH = '/test/english/start'

function shuffle<T>(items: T[]): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

interface PoolRow {
  id: number
  related_section: string
  related_text_id: number | null
  correct_answer: number
}

/** 40 questions: each section's quota, reading as whole texts; a short section is made up from the others. */
export function draw(pool: PoolRow[]): PoolRow[] {
  const by = (s: LevelTestSection) => pool.filter((q) => q.related_section === s)
  const picked: PoolRow[] = []
  const left: PoolRow[] = []
  for (const s of ['grammar', 'vocabulary'] as const) {
    const all = shuffle(by(s))
    picked.push(...all.slice(0, SECTION_QUOTA[s]))
    left.push(...all.slice(SECTION_QUOTA[s]))
  }
  const texts = new Map<number, PoolRow[]>()
  for (const q of by('reading')) texts.set(q.related_text_id!, [...(texts.get(q.related_text_id!) ?? []), q])
  let reading = 0
  for (const [, qs] of shuffle([...texts.entries()])) {
    const take = Math.min(qs.length, SECTION_QUOTA.reading - reading)
    const sorted = [...qs].sort((a, b) => a.id - b.id)
    picked.push(...sorted.slice(0, take))
    left.push(...sorted.slice(take))
    reading += take
  }
  if (picked.length < LEVEL_TEST_MAX) picked.push(...shuffle(left).slice(0, LEVEL_TEST_MAX - picked.length))
  // Grouped for the page: section order, then the text, then the bank's order.
  const order = (q: PoolRow) => LEVEL_TEST_SECTIONS.indexOf(q.related_section as LevelTestSection)
  return picked.sort(
    (a, b) => order(a) - order(b) || (a.related_text_id ?? 0) - (b.related_text_id ?? 0) || a.id - b.id,
  )
}

/**
 * Starts one hour may see (our decision, docs/decisions.md#level-test): per client address (a school's or an
 * office's visitors share one) and per signed-in person (whatever the address). Counted in the
 * database (auth_failures, like the other throttles) so every server process sees the same numbers.
 */
export const STARTS_PER_IP = LIMITS.level_test_ip.max
export const STARTS_PER_PERSON = LIMITS.level_test_person.max

/**
 * Counts this start for the address and the person (in the start's transaction: a failed start is not
 * counted); 429 (rate_limited) once either has its hour's starts (the site's limiter: counted one after another).
 */
async function throttleStart(trx: Executor, who: { ip: string; personId: number | null }) {
  const uses: LimitUse[] = [{ limit: 'level_test_ip', key: who.ip }]
  if (who.personId !== null) uses.push({ limit: 'level_test_person', key: who.personId })
  await takeLimits(trx, uses)
}

/** POST /client/examination_test/start: a new attempt (as the tutor when one is signed in); throttled per address and person. */
export async function startLevelTest(
  scope: Scope,
  input: { tutorId: number | null },
  who: { ip: string; personId: number | null },
): Promise<ExaminationAttempt> {
  const token = randomBytes(16).toString('hex')
  await scope.db.transaction().execute(async (trx) => {
    await throttleStart(trx, who)
    const pool = await trx
      .selectFrom('examination_questions as q')
      .leftJoin('examination_texts as t', 't.id', 'q.related_text_id')
      .select(['q.id', 'q.related_section', 'q.related_text_id', 'q.correct_answer'])
      .where('q.active', '=', true)
      .where((eb) => eb.or([eb('q.related_text_id', 'is', null), eb('t.active', '=', true)]))
      .where(sql<boolean>`jsonb_array_length(q.options) > q.correct_answer`)
      .execute()
    const drawn = draw(pool)
    if (drawn.length < LEVEL_TEST_MAX)
      throw new DomainError('wrong_status', 'The question bank has fewer than 40 active questions')
    await trx
      .insertInto('examination_attempts')
      .values({
        token,
        edition: scope.edition.code,
        tutor_id: input.tutorId,
        question_ids: jsonb(drawn.map((q) => q.id)),
        correct_answers: jsonb(drawn.map((q) => q.correct_answer)),
      })
      .execute()
  })
  return attemptOf(scope, { token })
}

interface AttemptRow {
  id: number
  token: string
  tutor_id: number | null
  question_ids: unknown
  correct_answers: unknown
  answers: unknown
  score: number | null
  band: string | null
  submitted_at: Date | null
}

async function readAttempt(scope: Scope, token: string, lock = false): Promise<AttemptRow> {
  let q = scope.db
    .selectFrom('examination_attempts')
    .select(['id', 'token', 'tutor_id', 'question_ids', 'correct_answers', 'answers', 'score', 'band', 'submitted_at'])
    .where('token', '=', token)
    .where('edition', '=', scope.edition.code)
  if (lock) q = q.forUpdate()
  const row = await q.executeTakeFirst()
  if (!row) throw notFound()
  return row as AttemptRow
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : [])

/** GET /client/examination_test/attempt?attempt: the questions (never the answers) and, once submitted, the result. */
export async function attemptOf(scope: Scope, input: { token: string }): Promise<ExaminationAttempt> {
  const a = await readAttempt(scope, input.token)
  const qids = ids(a.question_ids)
  const rows = qids.length
    ? await scope.db
        .selectFrom('examination_questions as q')
        .leftJoin('examination_texts as t', 't.id', 'q.related_text_id')
        .select([
          'q.id',
          'q.related_section',
          'q.question',
          'q.options',
          't.id as text_id',
          't.title as text_title',
          't.body as text_body',
        ])
        .where('q.id', 'in', qids)
        .execute()
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  const sections: ExaminationAttempt['sections'] = []
  for (const id of qids) {
    const r = byId.get(id)
    // A question deleted since the draw is shown without text; it still counts (scored from the attempt's own key).
    const section = (r?.related_section ?? 'grammar') as LevelTestSection
    let s = sections.at(-1)
    if (!s || s.section !== section) {
      s = { section, groups: [] }
      sections.push(s)
    }
    const textId = r?.text_id ?? null
    let g = s.groups.at(-1)
    if (!g || (g.text?.id ?? null) !== textId) {
      g = {
        text: textId === null ? null : { id: textId, title: r!.text_title ?? '', body: r!.text_body ?? '' },
        questions: [],
      }
      s.groups.push(g)
    }
    g.questions.push({
      id,
      question: r?.question ?? '',
      options: Array.isArray(r?.options) ? (r!.options as unknown[]).map(String) : [],
    })
  }
  return {
    attempt: a.token,
    question_count: qids.length,
    sections,
    result: a.submitted_at ? await resultOf(scope, a) : null,
  }
}

/** The English tutors' catalogue at the band's level, in the scope's edition (null: no English subject). */
async function tutorsPath(scope: Scope, band: string): Promise<string | null> {
  const lesson = await scope.db
    .selectFrom('lessons')
    .select(['id', 'alias'])
    .where('edition', '=', scope.edition.code)
    .where('active', '=', true)
    .where('alias', 'in', [...ENGLISH_LESSON_ALIASES])
    .orderBy('sort')
    .executeTakeFirst()
  if (!lesson) return null
  const path = cataloguePath(scope.edition, { lesson: lesson.alias })
  if (band === NOT_PASSED) return path
  const levelAlias = CATALOGUE_LEVEL_OF_BAND[band as keyof typeof CATALOGUE_LEVEL_OF_BAND]
  const level = await scope.db
    .selectFrom('levels')
    .select('alias')
    .where('lesson_id', '=', lesson.id)
    .where('alias', '=', levelAlias)
    .where('active', '=', true)
    .executeTakeFirst()
  return level ? `${path}?level=${encodeURIComponent(level.alias)}` : path
}

async function resultOf(scope: Scope, a: AttemptRow): Promise<ExaminationResult> {
  const band = (a.band ?? NOT_PASSED) as ExaminationResult['band']
  const answers = a.answers && typeof a.answers === 'object' ? Object.keys(a.answers as object).length : 0
  return {
    score: a.score,
    max: LEVEL_TEST_MAX,
    answered: answers,
    band,
    passed: band !== NOT_PASSED,
    tutors_path: await tutorsPath(scope, band),
    tutor_badge: a.tutor_id !== null && band !== NOT_PASSED,
    submitted_at: a.submitted_at!.toISOString(),
  }
}

/**
 * POST /client/examination_test/submit: scores the chosen options against the attempt's key. Every
 * answered id must be one of the attempt's questions and the option one it offered (else 422). Submitting
 * again answers the stored result unchanged.
 */
export async function submitLevelTest(
  scope: Scope,
  input: { token: string; answers: Record<string, number> },
): Promise<ExaminationResult> {
  return scope.db.transaction().execute(async (trx) => {
    const tx = { ...scope, db: trx } as unknown as Scope
    const a = await readAttempt(tx, input.token, true)
    if (a.submitted_at) return resultOf(tx, a)
    const qids = ids(a.question_ids)
    const key = ids(a.correct_answers)
    const options = new Map(
      (qids.length
        ? await trx
            .selectFrom('examination_questions')
            .select(['id', sql<number>`jsonb_array_length(options)`.as('n')])
            .where('id', 'in', qids)
            .execute()
        : []
      ).map((r) => [r.id, r.n]),
    )
    const bad: string[] = []
    let correct = 0
    for (const [k, option] of Object.entries(input.answers)) {
      const at = qids.indexOf(Number(k))
      // A question deleted since the draw keeps the bank's widest choice.
      if (at < 0 || option >= (options.get(Number(k)) ?? QUESTION_LIMITS.options)) bad.push(k)
      else if (key[at] === option) correct++
    }
    if (bad.length) throw new FieldErrors({ answers: [msg('validation.invalid')] })
    const complete = qids.length === LEVEL_TEST_MAX && qids.every((id) => input.answers[String(id)] !== undefined)
    const band = bandOf(complete ? correct : null)
    const row = await trx
      .updateTable('examination_attempts')
      .set({ answers: jsonb(input.answers), score: correct, band, submitted_at: sql<Date>`now()` })
      .where('id', '=', a.id)
      .returning([
        'id',
        'token',
        'tutor_id',
        'question_ids',
        'correct_answers',
        'answers',
        'score',
        'band',
        'submitted_at',
      ])
      .executeTakeFirstOrThrow()
    if (a.tutor_id !== null && band !== NOT_PASSED) {
      await trx
        .updateTable('tutors')
        .set({ english_level: band, english_level_at: sql<Date>`now()` })
        .where('id', '=', a.tutor_id)
        .execute()
      await audit(trx, scope.actor, {
        action: 'tutor.english_level',
        entity: 'tutor',
        id: a.tutor_id,
        data: { band, score: correct, attempt: a.id },
      })
    }
    return resultOf(tx, row as AttemptRow)
  })
}

/** GET /client/examination_tests?query: the tests offered (one: English), how they are drawn and scored. */
export async function examinationTests(scope: Scope) {
  const counts = await scope.db
    .selectFrom('examination_questions')
    .select(['related_section', sql<number>`count(*)::int`.as('n')])
    .where('active', '=', true)
    .groupBy('related_section')
    .execute()
  const bank = (s: LevelTestSection) => counts.find((c) => c.related_section === s)?.n ?? 0
  return {
    items: [
      {
        alias: 'english' as const,
        start_path: START_PATH,
        question_count: LEVEL_TEST_MAX,
        sections: LEVEL_TEST_SECTIONS.map((s) => ({ section: s, questions: SECTION_QUOTA[s], bank: bank(s) })),
        bands: BAND_RANGES.map(([band, min, max]) => ({ band, min, max })),
      },
    ],
  }
}

/** GET /tutor/examination_test/badge: the tutor's English level badge (the public profile's) and the test's page. */
export async function tutorLevelBadge(scope: Scope, input: { tutorId: number }): Promise<TutorLevelBadge> {
  const row = await scope.db
    .selectFrom('tutors')
    .select(['english_level', 'english_level_at'])
    .where('id', '=', input.tutorId)
    .executeTakeFirst()
  if (!row) throw notFound()
  const band = (LEVEL_BANDS as readonly string[]).includes(row.english_level ?? '')
    ? (row.english_level as LevelBand)
    : null
  return {
    band,
    passed_at: band && row.english_level_at ? new Date(row.english_level_at).toISOString() : null,
    start_path: START_PATH,
  }
}
