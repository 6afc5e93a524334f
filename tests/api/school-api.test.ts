// The school API (docs/api.md#other-public-calls): the reference lists of the tutor profile form
// (`GET /api/resources/tutor_profile {lang, types}`, `types` choosing among lessons, cities and rates) and
// the school's tutor candidates (`POST /tutor/candidate/registration`): validated, kept as an unpublished
// tutor marked as a candidate, seen by staff in the tutors list (filter and flag), rate-limited per address.
import { beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { CANDIDATES_PER_IP } from '../../server/domain/people/candidates'

const app = useTestApp()
const db = () => app.services.db
let ref: Ref
let staff: Client

beforeAll(async () => {
  ref = await referenceFixture(db())
  staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
})
beforeEach(async () => {
  await db().deleteFrom('auth_failures').where('key', 'like', 'candidate:%').execute()
})

describe('GET /api/resources/tutor_profile {lang, types}', () => {
  test('all lists by default, in the asked language; types selects some of them; an unknown type is a 4xx', async () => {
    const anon = new Client(app.url)
    const all = (await anon.api.get('/api/resources/tutor_profile?lang=ua')).json.data
    expect(Object.keys(all).sort()).toEqual(['cities', 'lessons', 'rates'])
    const math = all.lessons!.find((l) => l.id === ref.lessons.math)!
    expect(math.name).toBe('Математика')
    expect(math.levels.map((l) => l.id)).toEqual(expect.arrayContaining([ref.levels.school, ref.levels.exam]))
    expect(all.cities!.find((c) => c.id === ref.cities.kyiv)!.districts.map((d) => d.id)).toEqual(
      expect.arrayContaining([ref.districts.podil, ref.districts.obolon]),
    )

    const two = (await anon.api.get('/api/resources/tutor_profile?lang=en&types=lessons,rates')).json.data
    expect(Object.keys(two).sort()).toEqual(['lessons', 'rates'])
    expect(two.lessons!.find((l) => l.id === ref.lessons.math)!.name).toBe('matematyka')
    const bad = await anon.raw.get('/api/resources/tutor_profile?types=planets')
    expect(bad.status).toBe(422)
    expect(bad.json?.status).toBe('fail')
  })
})

describe('POST /tutor/candidate/registration', () => {
  const candidate = (over: Record<string, unknown> = {}) => ({
    name: 'Оксана Вчителька',
    email: `candidate.${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: `063${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    lesson_ids: [ref.lessons.math, ref.lessons.english],
    experience: 7,
    message: 'Викладаю в ліцеї, готую до НМТ.',
    source: 'school-site',
    ...over,
  })

  test('a valid candidate is kept as an unpublished tutor marked candidate; staff see it in the tutors list with the candidate filter', async () => {
    const c = candidate({ email: 'Oksana.Candidate@Example.com' })
    const res = await new Client(app.url).api.post('/tutor/candidate/registration', { candidate: c })
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual({ tutor_id: expect.any(Number), candidate: true })
    const id = res.json.data.tutor_id
    const row = await db()
      .selectFrom('tutors as t')
      .innerJoin('people as p', 'p.id', 't.person_id')
      .select([
        't.published',
        't.status',
        't.candidate_at',
        't.potential_school_tutor',
        't.admin_comment',
        'p.email',
        'p.password_hash',
      ])
      .where('t.id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      published: false,
      status: 1,
      potential_school_tutor: true,
      email: 'oksana.candidate@example.com',
      password_hash: null,
    })
    expect(row.candidate_at).not.toBeNull()
    expect(row.admin_comment).toContain('Математика')
    expect(row.admin_comment).toContain('Викладаю в ліцеї')

    const list = await staff.api.get(
      `/admin/tutors?page=1&filters=${encodeURIComponent(JSON.stringify({ candidate: 1 }))}` as '/admin/tutors',
    )
    expect(list.status).toBe(200)
    const items = list.json.data.items
    expect(items.map((t) => t.id)).toContain(id)
    expect(items.every((t) => t.candidate === 1)).toBe(true)
    expect(items.find((t) => t.id === id)).toMatchObject({
      name: 'Оксана Вчителька',
      email: 'oksana.candidate@example.com',
      candidate: 1,
      published: 0,
    })
    const others = await staff.api.get(
      `/admin/tutors?page=1&filters=${encodeURIComponent(JSON.stringify({ candidate: 0 }))}` as '/admin/tutors',
    )
    expect(others.json.data.items.map((t) => t.id)).not.toContain(id)
  })

  test('the candidate may come as flat fields (a school site form)', async () => {
    const res = await new Client(app.url).request('POST', '/tutor/candidate/registration', {
      form: { name: 'Петро Форма', email: 'flat.form@example.com', lesson_ids: String(ref.lessons.math) },
    })
    expect(res.status).toBe(200)
  })

  test('invalid input is a 422 naming the fields, and nothing is kept', async () => {
    const before = (await db().selectFrom('tutors').select('id').execute()).length
    const bad = await new Client(app.url).raw.post('/tutor/candidate/registration', {
      candidate: { name: 'A', email: 'not-an-email', experience: 200 },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual(['email', 'experience', 'name'])
    const badPhone = await new Client(app.url).raw.post('/tutor/candidate/registration', {
      candidate: candidate({ phone: '123' }),
    })
    expect(badPhone.status).toBe(422)
    expect(fieldErrors(badPhone.json)).toHaveProperty('phone')
    const badLesson = await new Client(app.url).raw.post('/tutor/candidate/registration', {
      candidate: candidate({ lesson_ids: [999999] }),
    })
    expect(badLesson.status).toBe(422)
    expect(fieldErrors(badLesson.json)).toHaveProperty('lesson_ids')
    expect((await db().selectFrom('tutors').select('id').execute()).length).toBe(before)
  })

  test('an address that already has an account is 422 taken', async () => {
    const c = candidate()
    expect((await new Client(app.url).api.post('/tutor/candidate/registration', { candidate: c })).status).toBe(200)
    const again = await new Client(app.url).raw.post('/tutor/candidate/registration', {
      candidate: { ...c, phone: undefined },
    })
    expect(again.status).toBe(422)
    expect(fieldErrors(again.json)).toHaveProperty('email')
  })

  test(`at most ${CANDIDATES_PER_IP} registrations an hour from one address, then 429`, async () => {
    for (let i = 0; i < CANDIDATES_PER_IP; i++)
      expect(
        (await new Client(app.url).api.post('/tutor/candidate/registration', { candidate: candidate() })).status,
      ).toBe(200)
    const over = await new Client(app.url).raw.post('/tutor/candidate/registration', { candidate: candidate() })
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
  })
})
