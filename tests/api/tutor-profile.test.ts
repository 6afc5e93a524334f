// The tutor profile editor: GET /tutor/profile/get and POST /tutor/profile/save (multipart with the
// `tutor` JSON text, or JSON): round trip, legacy maps, id checks per field, password, ranges, and
// the catalogue listing the tutor once published.
import { beforeAll, describe, expect, test } from 'bun:test'
import { jsonb } from '../../db/jsonb'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'
import { type Ref, referenceFixture } from '../helpers/catalogue'

const app = useTestApp()
let ref: Ref
let podilSub: number
let sykhivSub: number
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  const sub = async (district: number, alias: string) =>
    (
      await app.services.db
        .insertInto('subdistricts')
        .values({ district_id: district, alias, names: jsonb({ ua: alias }) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  podilSub = await sub(ref.districts.podil, 'kontraktova')
  sykhivSub = await sub(ref.districts.sykhiv, 'sykhiv-1')
})

async function newTutor() {
  const p = await makePerson(app, { tutor: true })
  return { ...p, tutorId: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

/** POST /tutor/profile/save as multipart with `tutor` as JSON text. */
function saveMultipart(c: Client, tutor: unknown, files: { name: string; type: string; bytes: Uint8Array }[] = []) {
  const form = new FormData()
  form.append('tutor', JSON.stringify(tutor))
  for (const f of files) {
    form.append('new_documents[]', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }))
    form.append('new_documents_descriptions[]', `about ${f.name}`)
  }
  return c.request('POST', '/tutor/profile/save', { body: form }) as Promise<
    HttpAnswer<RestReply<'/tutor/profile/save'>>
  >
}

const year = new Date().getUTCFullYear()

describe('access', () => {
  test('anonymous 401, client 403, staff 403 on the tutor calls', async () => {
    expect((await new Client(app.url).api.get('/tutor/profile/get')).status).toBe(401)
    const client = await makePerson(app, { client: true })
    const cc = await signedIn(app, { client: client.email })
    expect((await cc.api.get('/tutor/profile/get')).status).toBe(403)
    expect((await cc.api.post('/tutor/profile/save', { tutor: {} })).status).toBe(403)
    const staff = await makeStaff(app, 1)
    const sc = await signedIn(app, { staff: staff.email })
    expect((await sc.api.get('/tutor/profile/get')).status).toBe(403)
  })
})

describe('get and save', () => {
  test('a full form round-trips through multipart with JSON text', async () => {
    const { c, tutorId, email } = await newTutor()
    const form = {
      name: 'Olena Petrenko',
      subjects: [
        {
          subject_id: ref.lessons.math,
          description: 'Algebra and geometry',
          selectedLevels: [ref.levels.school, ref.levels.exam],
        },
        { subject_id: ref.lessons.english, description: 'Speaking', selectedLevels: [ref.levels.b2] },
      ],
      locations_home: [
        { city: ref.cities.kyiv, districts: [ref.districts.podil, ref.districts.obolon], subdistricts: [podilSub] },
      ],
      locations_travel: [{ city: ref.cities.lviv, districts: [], subdistricts: [] }],
      work_home: true,
      work_travel: true,
      work_online: false,
      university_name: 'KNU',
      university_graduation_year: 2015,
      age: 33,
      schedule: { mon: [9, 10, 11], sat: [12] },
      description: 'I teach mathematics.',
      short_description: 'Maths tutor',
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
      online_communication_app: 'zoom',
      tutor_points_for_order: 5,
      practice_id: 3,
      rate_id: ref.rates.mid,
      price: 450,
    }
    const saved = await saveMultipart(c, form)
    expect(saved.status).toBe(200)
    expect(saved.json.status).toBe('success')

    const res = await c.api.get('/tutor/profile/get?lang=en')
    expect(res.status).toBe(200)
    const d = res.json.data
    expect(d).toMatchObject({
      id: tutorId,
      name: 'Olena Petrenko',
      email,
      subjects: [
        {
          subject_id: ref.lessons.math,
          description: 'Algebra and geometry',
          selectedLevels: expect.arrayContaining([ref.levels.school, ref.levels.exam]),
        },
        { subject_id: ref.lessons.english, description: 'Speaking', selectedLevels: [ref.levels.b2] },
      ],
      lesson_descriptions: { [ref.lessons.math]: 'Algebra and geometry', [ref.lessons.english]: 'Speaking' },
      locations_home: [
        {
          city: ref.cities.kyiv,
          districts: expect.arrayContaining([ref.districts.podil, ref.districts.obolon]),
          subdistricts: [podilSub],
        },
      ],
      locations_travel: [{ city: ref.cities.lviv, districts: [], subdistricts: [] }],
      work_home: true,
      work_travel: true,
      work_online: false,
      location_at_tutor: true,
      location_at_client: true,
      location_at_online: false,
      locations_online: false,
      university_name: 'KNU',
      university: { name: 'KNU' },
      university_graduation_year: 2015,
      age: 33,
      schedule: { mon: [9, 10, 11], sat: [12] },
      description: 'I teach mathematics.',
      short_description: 'Maths tutor',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      online_communication_app: 'zoom',
      tutor_points_for_order: 5,
      practice_id: 3,
      rate_id: ref.rates.mid,
      price: 450,
      avatar: null,
      documents: [],
      published: false,
      active: true,
      verified: false,
    })
    expect(d.lesson_levels[ref.lessons.math]?.sort()).toEqual([ref.levels.school, ref.levels.exam].sort())
    expect(d.lesson_levels[ref.lessons.english]).toEqual([ref.levels.b2])
    expect(d.labels.cities[ref.cities.kyiv]).toBe('kyiv')
    // The save answers the saved profile too.
    expect(saved.json.data.subjects).toEqual(d.subjects)

    // A second save with only some fields keeps the rest; sending a list replaces it.
    const again = await c.api.post('/tutor/profile/save', {
      tutor: JSON.stringify({ locations_travel: [], age: null, work_online: true }),
    })
    expect(again.status).toBe(200)
    const after = again.json.data
    expect(after.locations_travel).toEqual([])
    expect(after.locations_home).toHaveLength(1)
    expect(after.age).toBeNull()
    expect(after.location_at_online).toBe(true)
    expect(after.subjects).toHaveLength(2)
    expect(after.university_name).toBe('KNU')

    const logged = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_id'])
      .where('entity', '=', 'tutor')
      .where('entity_id', '=', tutorId)
      .execute()
    expect(logged.filter((l) => l.action === 'tutor.profile_save')).toHaveLength(2)
    expect(logged[0]).toMatchObject({ actor_kind: 'tutor', actor_id: tutorId })
  })

  test('the tutor JSON may come as an object; the location_at_* flags are accepted as aliases', async () => {
    const { c } = await newTutor()
    const res = await c.api.post('/tutor/profile/save', {
      tutor: {
        location_at_tutor: true,
        location_at_client: false,
        location_at_online: true,
        university: { name: 'LNU' },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      work_home: true,
      work_travel: false,
      work_online: true,
      university_name: 'LNU',
    })
  })

  test('legacy lesson_levels and lesson_descriptions maps become subjects when subjects is absent', async () => {
    const { c } = await newTutor()
    const res = await c.api.post('/tutor/profile/save', {
      tutor: {
        lesson_levels: { [ref.lessons.math]: [ref.levels.exam], [ref.lessons.english]: [] },
        lesson_descriptions: { [ref.lessons.math]: 'NMT preparation', [ref.lessons.english]: 'Grammar' },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.data.subjects).toEqual([
      { subject_id: ref.lessons.math, description: 'NMT preparation', selectedLevels: [ref.levels.exam] },
      { subject_id: ref.lessons.english, description: 'Grammar', selectedLevels: [] },
    ])
    expect(res.json.data.lesson_levels).toEqual({ [ref.lessons.math]: [ref.levels.exam], [ref.lessons.english]: [] })

    // subjects wins over the legacy maps when both are sent.
    const both = await c.api.post('/tutor/profile/save', {
      tutor: {
        subjects: [{ subject_id: ref.lessons.english, selectedLevels: [ref.levels.b2] }],
        lesson_levels: { [ref.lessons.math]: [] },
      },
    })
    expect(both.json.data.subjects).toEqual([
      { subject_id: ref.lessons.english, description: '', selectedLevels: [ref.levels.b2] },
    ])
  })
})

describe('refusals (422 on the field, status fail, nothing saved)', () => {
  test('ids that do not exist or do not belong together', async () => {
    const { c } = await newTutor()
    await c.api.post('/tutor/profile/save', {
      tutor: { subjects: [{ subject_id: ref.lessons.english }], description: 'before' },
    })
    const res = await c.api.post('/tutor/profile/save', {
      tutor: {
        description: 'after',
        subjects: [
          { subject_id: 999999 },
          // b2 is a level of English, not of maths
          { subject_id: ref.lessons.math, selectedLevels: [ref.levels.b2] },
        ],
        locations_home: [
          // Sykhiv is in Lviv
          { city: ref.cities.kyiv, districts: [ref.districts.sykhiv] },
          // a subdistrict of Sykhiv under Podil
          { city: ref.cities.kyiv, districts: [ref.districts.podil], subdistricts: [sykhivSub] },
        ],
        locations_travel: [{ city: 888888 }],
        rate_id: 777777,
      },
    })
    expect(res.status).toBe(422)
    expect(res.json.status).toBe('fail')
    expect(Object.keys(fieldErrors(res.json)).sort()).toEqual(
      [
        'subjects.0.subject_id',
        'subjects.1.selectedLevels',
        'locations_home.0.districts',
        'locations_home.1.subdistricts',
        'locations_travel.0.city',
        'rate_id',
      ].sort(),
    )
    // The messages are translated (ua by default).
    expect(fieldErrors(res.json).rate_id).toEqual(['Невірне значення'])
    const now = await c.api.get('/tutor/profile/get')
    expect(now.json.data.description).toBe('before')
    expect(now.json.data.subjects.map((s: { subject_id: number }) => s.subject_id)).toEqual([ref.lessons.english])
  })

  test('legacy maps: an unknown subject or a level of another subject', async () => {
    const { c } = await newTutor()
    const res = await c.api.post('/tutor/profile/save', {
      tutor: { lesson_levels: { [ref.lessons.math]: [ref.levels.b2], '999999': [] } },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json)).sort()).toEqual(
      [`lesson_levels.${ref.lessons.math}`, 'lesson_levels.999999'].sort(),
    )
  })

  test('a subject twice is refused', async () => {
    const { c } = await newTutor()
    const res = await c.api.post('/tutor/profile/save', {
      tutor: { subjects: [{ subject_id: ref.lessons.math }, { subject_id: ref.lessons.math }] },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json))).toEqual(['subjects.1.subject_id'])
  })

  test('password: mismatch → confirm_password; too short → password; a good one is stored hashed and signs in', async () => {
    const { c, email, personId } = await newTutor()
    const mismatch = await c.raw.post('/tutor/profile/save', {
      tutor: { password: 'new-password-1', confirm_password: 'new-password-2' },
    })
    expect(mismatch.status).toBe(422)
    expect(mismatch.json).toEqual({ status: 'fail', error: { confirm_password: ['Паролі не збігаються'] } })
    const short = await c.api.post('/tutor/profile/save', { tutor: { password: 'short', confirm_password: 'short' } })
    expect(short.status).toBe(422)
    expect(Object.keys(fieldErrors(short.json))).toEqual(['password'])
    // Old password still works.
    expect((await new Client(app.url).api.post('/tutor/login', { login: email, password: PASSWORD })).status).toBe(200)

    const ok = await c.api.post('/tutor/profile/save', {
      tutor: { password: 'new-password-1', confirm_password: 'new-password-1', current_password: PASSWORD },
    })
    expect(ok.status).toBe(200)
    const row = await app.services.db
      .selectFrom('people')
      .select('password_hash')
      .where('id', '=', personId)
      .executeTakeFirstOrThrow()
    expect(row.password_hash).toStartWith('$argon2id$')
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: email, password: 'new-password-1' })).status,
    ).toBe(200)
    expect((await new Client(app.url).api.post('/tutor/login', { login: email, password: PASSWORD })).status).toBe(401)
    // An empty password leaves it as it is.
    expect((await c.api.post('/tutor/profile/save', { tutor: { password: '', confirm_password: '' } })).status).toBe(
      200,
    )
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: email, password: 'new-password-1' })).status,
    ).toBe(200)
  })

  test('age 14–100, graduation year 1950 to this year + 6, a YouTube video link', async () => {
    const { c } = await newTutor()
    // Each refusal names the rule: the range, the latest year, the kind of link.
    const years = `Рік від 1950 до ${year + 6}`
    const youtube = 'Посилання на відео YouTube, напр. https://youtu.be/…'
    for (const [tutor, field, message] of [
      [{ age: 13 }, 'age', 'Від 14 до 100'],
      [{ age: 101 }, 'age', 'Від 14 до 100'],
      [{ age: 'old' }, 'age', 'Від 14 до 100'],
      [{ university_graduation_year: 1949 }, 'university_graduation_year', years],
      [{ university_graduation_year: year + 7 }, 'university_graduation_year', years],
      [{ video_url: 'https://example.com/video' }, 'video_url', youtube],
      [{ subjects: [{ subject_id: 0 }] }, 'subjects.0.subject_id', 'Оберіть предмет'],
    ] as const) {
      const res = await c.api.post('/tutor/profile/save', { tutor })
      expect(res.status).toBe(422)
      expect(res.json.status).toBe('fail')
      expect(fieldErrors(res.json)).toEqual({ [field]: [message] })
    }
    const ok = await c.api.post('/tutor/profile/save', { tutor: { age: 14, university_graduation_year: year + 6 } })
    expect(ok.status).toBe(200)
    expect(ok.json.data).toMatchObject({ age: 14, university_graduation_year: year + 6 })
  })

  test('the tutor field is required; unreadable JSON text is a 400', async () => {
    const { c } = await newTutor()
    const missing = await c.api.post('/tutor/profile/save', {})
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldErrors(missing.json))).toEqual(['tutor'])
    const form = new FormData()
    form.append('tutor', '{not json')
    const bad = await c.request('POST', '/tutor/profile/save', { body: form })
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({ status: 'fail', error: 'bad_request' })
  })
})

describe('the catalogue', () => {
  const listed = async (query: string) => {
    const res = await new Client(app.url).api.get(`/client/tutors?${query}`)
    expect(res.status).toBe(200)
    return (res.json.data.items as { id: number }[]).map((i) => i.id)
  }

  test('lists the tutor once published, with a subject and a place; a later save updates the listing', async () => {
    const { c, tutorId } = await newTutor()
    const saved = await saveMultipart(c, {
      subjects: [{ subject_id: ref.lessons.math, selectedLevels: [ref.levels.school] }],
      locations_travel: [{ city: ref.cities.kyiv, districts: [ref.districts.podil] }],
      work_travel: true,
    })
    expect(saved.status).toBe(200)
    // Not published yet: not listed.
    expect(await listed('lesson=matematyka&city=kyiv')).not.toContain(tutorId)

    await app.services.db.updateTable('tutors').set({ published: true }).where('id', '=', tutorId).execute()
    await refreshListings(app.services.db, [tutorId])
    const kyiv = await listed('lesson=matematyka&city=kyiv')
    expect(kyiv.filter((id) => id === tutorId)).toHaveLength(1)
    expect((await listed('lesson=matematyka&city=kyiv&district=podil')).filter((id) => id === tutorId)).toHaveLength(1)
    expect(await listed('lesson=matematyka&online=1')).not.toContain(tutorId)

    // The save rebuilds the listing itself: online on, Kyiv off.
    await c.api.post('/tutor/profile/save', { tutor: { work_online: true, work_travel: false } })
    expect(await listed('lesson=matematyka&city=kyiv')).not.toContain(tutorId)
    expect((await listed('lesson=matematyka&online=1')).filter((id) => id === tutorId)).toHaveLength(1)
    // No subjects: gone everywhere.
    await c.api.post('/tutor/profile/save', { tutor: { subjects: [] } })
    expect(await listed('lesson=matematyka&online=1')).not.toContain(tutorId)
  })
})
