// The English level test (docs/product.md#4-states-and-transitions bands;
// docs/api.md#client-level-test `examination_tests`): the start answer carries questions and options but never a
// correct answer; the server scores the chosen options against the key it kept (a client cannot claim a score); a band
// needs all 40 answers; the result links to English tutors of that level; a tutor's passed band reaches the
// public profile; staff edit the bank in their area.
import { beforeEach, describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { jsonb } from '../../db/jsonb'

const app = useTestApp()
const db = () => app.services.db
// These tests start more attempts from one address than an hour allows (tests/api/level-test-throttle.test.ts).
beforeEach(async () => {
  await db().deleteFrom('auth_failures').where('key', 'like', 'level-test:%').execute()
})

interface Attempt {
  attempt: string
  question_count: number
  sections: {
    section: string
    groups: { text: { id: number } | null; questions: { id: number; options: string[] }[] }[]
  }[]
  result: unknown
}

const idsOf = (a: Attempt) => a.sections.flatMap((s) => s.groups.flatMap((g) => g.questions.map((q) => q.id)))

/** The key the server kept for an attempt (read from the database, as only the server can). */
async function keyOf(token: string): Promise<Map<number, number>> {
  const row = await db()
    .selectFrom('examination_attempts')
    .select(['question_ids', 'correct_answers'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow()
  const ids = row.question_ids as number[]
  const key = row.correct_answers as number[]
  return new Map(ids.map((id, i) => [id, key[i]!]))
}

/** Answers with exactly `right` correct ones, the rest wrong (every question answered unless `answered` is less). */
async function answersFor(a: Attempt, right: number, answered = 40) {
  const key = await keyOf(a.attempt)
  const out: Record<string, number> = {}
  idsOf(a)
    .slice(0, answered)
    .forEach((id, i) => {
      const k = key.get(id)!
      out[String(id)] = i < right ? k : (k + 1) % 4
    })
  return out
}

async function start(c = new Client(app.url)) {
  const r = await c.api.post('/client/examination_test/start', {})
  expect(r.status).toBe(200)
  return r.json.data as Attempt
}

describe('start', () => {
  test('40 questions grouped by section (16 grammar, 12 vocabulary, 12 reading with their texts); no correct answer anywhere in the answer', async () => {
    const c = new Client(app.url)
    const raw = await c.raw.post('/client/examination_test/start', {})
    expect(raw.status).toBe(200)
    const text = JSON.stringify(raw.json)
    expect(text).not.toMatch(/correct/i)
    const a = raw.json.data as Attempt
    expect(a.attempt).toMatch(/^[0-9a-f]{32}$/)
    expect(a.question_count).toBe(40)
    expect(a.sections.map((s) => [s.section, s.groups.reduce((n, g) => n + g.questions.length, 0)])).toEqual([
      ['grammar', 16],
      ['vocabulary', 12],
      ['reading', 12],
    ])
    expect(a.sections[2]!.groups.every((g) => g.text !== null)).toBe(true)
    expect(new Set(idsOf(a)).size).toBe(40)
    for (const q of a.sections.flatMap((s) => s.groups.flatMap((g) => g.questions)))
      expect(Object.keys(q).sort()).toEqual(['id', 'options', 'question'])
    // Reading the attempt back (a reload) gives the same questions, still without the key.
    const again = await c.raw.get(`/client/examination_test/attempt?attempt=${a.attempt}`)
    expect(JSON.stringify(again.json)).not.toMatch(/correct/i)
    const back = again.json.data as Attempt
    expect(idsOf(back)).toEqual(idsOf(a))
    expect(back.result).toBeNull()
    // Two attempts draw independently.
    const b = await start()
    expect(b.attempt).not.toBe(a.attempt)
  })

  test('an unknown attempt is 404; a malformed one 422', async () => {
    const c = new Client(app.url)
    expect((await c.raw.get(`/client/examination_test/attempt?attempt=${'0'.repeat(32)}`)).status).toBe(404)
    expect((await c.raw.get('/client/examination_test/attempt?attempt=x')).status).toBe(422)
    expect((await c.raw.post('/client/examination_test/submit', { attempt: '0'.repeat(32), answers: {} })).status).toBe(
      404,
    )
  })
})

describe('submit: the server scores', () => {
  test('19 right of 40 is b1, 18 a2, 40 c2, 0 a1; the score is counted from the kept key (a claimed score is ignored)', async () => {
    const c = new Client(app.url)
    for (const [right, band] of [
      [19, 'b1'],
      [18, 'a2'],
      [40, 'c2'],
      [0, 'a1'],
      [33, 'c1'],
      [32, 'b2'],
    ] as const) {
      const a = await start(c)
      const r = await c.api.post('/client/examination_test/submit', {
        attempt: a.attempt,
        answers: await answersFor(a, right),
        score: 40,
        band: 'c2',
      } as never)
      expect(r.status).toBe(200)
      expect([right, r.json.data]).toMatchObject([right, { score: right, max: 40, answered: 40, band, passed: true }])
    }
  })

  test('fewer than 40 answered is "not passed" even with every answer right; no answers at all too', async () => {
    const c = new Client(app.url)
    const a = await start(c)
    const r = await c.api.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: await answersFor(a, 39, 39),
    })
    expect(r.json.data).toMatchObject({ band: 'not_passed', passed: false, answered: 39, score: 39 })
    const b = await start(c)
    expect(
      (await c.api.post('/client/examination_test/submit', { attempt: b.attempt, answers: {} })).json.data,
    ).toMatchObject({ band: 'not_passed', answered: 0 })
  })

  test('an answer to a question not drawn, or an option the question does not offer, is a 422 and nothing is stored', async () => {
    const c = new Client(app.url)
    const a = await start(c)
    const answers = await answersFor(a, 40)
    const stranger = await db()
      .selectFrom('examination_questions')
      .select('id')
      .where('id', 'not in', idsOf(a))
      .executeTakeFirstOrThrow()
    const r1 = await c.raw.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: { ...answers, [String(stranger.id)]: 0 },
    })
    expect(r1.status).toBe(422)
    expect(fieldErrors(r1.json)).toHaveProperty('answers')
    const first = String(idsOf(a)[0])
    expect(
      (await c.raw.post('/client/examination_test/submit', { attempt: a.attempt, answers: { ...answers, [first]: 7 } }))
        .status,
    ).toBe(422)
    expect(
      (
        await c.raw.post('/client/examination_test/submit', {
          attempt: a.attempt,
          answers: { ...answers, [first]: -1 },
        })
      ).status,
    ).toBe(422)
    const row = await db()
      .selectFrom('examination_attempts')
      .select(['submitted_at', 'score'])
      .where('token', '=', a.attempt)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ submitted_at: null, score: null })
  })

  test('submitting again answers the stored result; the attempt then shows it', async () => {
    const c = new Client(app.url)
    const a = await start(c)
    const first = await c.api.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: await answersFor(a, 25),
    })
    expect(first.json.data.band).toBe('b1')
    const second = await c.api.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: await answersFor(a, 40),
    })
    expect(second.json.data).toEqual(first.json.data)
    expect((await c.api.get(`/client/examination_test/attempt?attempt=${a.attempt}`)).json.data.result).toEqual(
      first.json.data,
    )
  })

  test('a bank edit after the start does not change how a started attempt is scored', async () => {
    const c = new Client(app.url)
    const a = await start(c)
    const answers = await answersFor(a, 40)
    const id = idsOf(a)[0]!
    const key = (await keyOf(a.attempt)).get(id)!
    await db()
      .updateTable('examination_questions')
      .set({ correct_answer: (key + 1) % 4 })
      .where('id', '=', id)
      .execute()
    try {
      expect(
        (await c.api.post('/client/examination_test/submit', { attempt: a.attempt, answers })).json.data,
      ).toMatchObject({ score: 40, band: 'c2' })
    } finally {
      await db().updateTable('examination_questions').set({ correct_answer: key }).where('id', '=', id).execute()
    }
  })
})

describe('result links and the tutor badge', () => {
  test("the result links to the English catalogue at the band's level", async () => {
    const lesson = await db()
      .insertInto('lessons')
      .values({ edition: 'ua', alias: 'english', names: jsonb({ ua: 'Англійська', en: 'English' }) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('levels')
      .values({ lesson_id: lesson.id, alias: 'intermediate', names: jsonb({ ua: 'B1' }) })
      .execute()
    const c = new Client(app.url)
    const a = await start(c)
    const r = await c.api.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: await answersFor(a, 20),
    })
    expect(r.json.data).toMatchObject({
      band: 'b1',
      tutors_path: '/tutors/english/?level=intermediate',
      tutor_badge: false,
    })
    // A level the subject does not list: the subject's catalogue.
    const b = await start(c)
    expect(
      (await c.api.post('/client/examination_test/submit', { attempt: b.attempt, answers: await answersFor(b, 2) }))
        .json.data.tutors_path,
    ).toBe('/tutors/english/')
  })

  test('a tutor who passes gets the band on the public profile; a failed attempt and a visitor change nothing', async () => {
    const p = await makePerson(app, { tutor: true })
    await db().updateTable('tutors').set({ published: true, active: true }).where('id', '=', p.tutorId!).execute()
    const tutor = await signedIn(app, { tutor: p.email })
    // The cabinet's entry: not taken yet.
    expect((await tutor.api.get('/tutor/examination_test/badge')).json.data).toEqual({
      band: null,
      passed_at: null,
      start_path: '/test/english/start',
    })
    const a = await start(tutor)
    const r = await tutor.api.post('/client/examination_test/submit', {
      attempt: a.attempt,
      answers: await answersFor(a, 30),
    })
    expect(r.json.data).toMatchObject({ band: 'b2', tutor_badge: true })
    const badge = (await tutor.api.get('/tutor/examination_test/badge')).json.data
    expect(badge).toMatchObject({ band: 'b2', start_path: '/test/english/start' })
    expect(Math.abs(Date.parse(badge.passed_at!) - Date.now())).toBeLessThan(60_000)
    const visitor = new Client(app.url)
    expect((await visitor.api.get(`/client/tutor/get?id=${p.tutorId}`)).json.data.english_level).toBe('b2')
    const failed = await start(tutor)
    expect(
      (await tutor.api.post('/client/examination_test/submit', { attempt: failed.attempt, answers: {} })).json.data,
    ).toMatchObject({ band: 'not_passed', tutor_badge: false })
    expect((await visitor.api.get(`/client/tutor/get?id=${p.tutorId}`)).json.data.english_level).toBe('b2')
    expect((await tutor.api.get('/tutor/examination_test/badge')).json.data).toEqual(badge)
    // The badge is the tutor's own: a visitor 401, a client 403.
    expect((await visitor.raw.get('/tutor/examination_test/badge')).status).toBe(401)
    const client = await signedIn(app, { client: (await makePerson(app, { client: true })).email })
    expect((await client.raw.get('/tutor/examination_test/badge')).status).toBe(403)
  })
})

describe('GET /client/examination_tests', () => {
  test('public: the English test, its draw per section against the bank, the bands of the spec', async () => {
    const r = await new Client(app.url).api.get('/client/examination_tests?query=english')
    expect(r.status).toBe(200)
    const english = r.json.data.items[0]!
    expect(english).toMatchObject({ alias: 'english', start_path: '/test/english/start', question_count: 40 })
    expect(english.sections.map((s: { section: string; questions: number }) => [s.section, s.questions])).toEqual([
      ['grammar', 16],
      ['vocabulary', 12],
      ['reading', 12],
    ])
    expect(english.sections.reduce((n: number, s: { bank: number }) => n + s.bank, 0)).toBeGreaterThanOrEqual(120)
    expect(english.bands).toEqual([
      { band: 'a1', min: 0, max: 10 },
      { band: 'a2', min: 11, max: 18 },
      { band: 'b1', min: 19, max: 26 },
      { band: 'b2', min: 27, max: 32 },
      { band: 'c1', min: 33, max: 37 },
      { band: 'c2', min: 38, max: 40 },
    ])
    expect(JSON.stringify(r.json)).not.toMatch(/correct/i)
  })
})

describe('staff: the bank', () => {
  test('area examination_tests: status 1 and 3 may, 2 may not; a tutor 403, anonymous 401', async () => {
    const allowed: number[] = []
    for (const status of [1, 2, 3, 4] as const) {
      const s = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      if ((await s.api.get('/admin/examination_questions/get?page=1')).status === 200) allowed.push(status)
    }
    expect(allowed).toEqual([1, 3, 4])
    const p = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: p.email })).api.get('/admin/examination_questions/get?page=1')).status,
    ).toBe(403)
    expect((await new Client(app.url).api.get('/admin/examination_questions/get?page=1')).status).toBe(401)
  })

  test('list by section with counts; create, save (the key), delete; a reading question needs a text; options need 2..6 non-empty', async () => {
    const s = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    const list = await s.api.get('/admin/examination_questions/get?page=1&section=reading')
    expect(
      list.json.data.items.every(
        (q: { related_section: string; related_text_id: number | null }) =>
          q.related_section === 'reading' && q.related_text_id,
      ),
    ).toBe(true)
    expect(
      list.json.data.counts.grammar + list.json.data.counts.vocabulary + list.json.data.counts.reading,
    ).toBeGreaterThanOrEqual(120)
    const created = await s.api.post('/admin/examination_question/create', {
      question: {
        related_section: 'grammar',
        question: 'I ___ here.',
        options: ['am', 'is', 'are'],
        correct_answer: 0,
      },
    })
    expect(created.status).toBe(200)
    expect(created.json.data).toMatchObject({
      related_section: 'grammar',
      related_text_id: null,
      options: ['am', 'is', 'are'],
      correct_answer: 0,
      active: true,
    })
    const id = created.json.data.id
    const saved = await s.api.post('/admin/examination_question/save', {
      id,
      question: {
        related_section: 'grammar',
        question: 'You ___ here.',
        options: ['am', 'is', 'are'],
        correct_answer: 2,
        active: false,
      },
    })
    expect(saved.json.data).toMatchObject({ question: 'You ___ here.', correct_answer: 2, active: false })
    const noText = await s.raw.post('/admin/examination_question/create', {
      question: { related_section: 'reading', question: 'Q?', options: ['a', 'b'], correct_answer: 0 },
    })
    expect(noText.status).toBe(422)
    expect(fieldErrors(noText.json)).toHaveProperty('related_text_id')
    const outOfRange = await s.raw.post('/admin/examination_question/create', {
      question: { related_section: 'grammar', question: 'Q?', options: ['a', 'b'], correct_answer: 3 },
    })
    expect(fieldErrors(outOfRange.json)).toHaveProperty('correct_answer')
    const blank = await s.raw.post('/admin/examination_question/create', {
      question: { related_section: 'vocabulary', question: 'Q?', options: ['a', ' '], correct_answer: 0 },
    })
    expect(fieldErrors(blank.json)).toHaveProperty(['options.1'])
    expect((await s.api.post('/admin/examination_question/delete', { id })).json.data).toEqual({ deleted: true })
    expect((await s.raw.get(`/admin/examination_question/get?id=${id}`)).status).toBe(404)
  })
})
