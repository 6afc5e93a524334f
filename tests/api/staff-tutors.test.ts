// Staff: tutors (docs/api.md#admin-tutors). The list and its filters, the staff view, publish / active /
// school / verified / toggles / favourite / admin comment with the activity log, copy, password,
// delete, the wallet ledger (never below zero, also under concurrent corrections), transliteration,
// and anonymisation that leaves no personal data anywhere in the database.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { jsonb } from '../../db/jsonb'
import { ERASED, TUTOR_TABLES } from '../../server/domain/people/anonymise'
import { transliterate } from '../../server/domain/people/transliterate'
import { fileStorage, keyOf, randomName } from '../../server/integrations/storage/storage'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()
let ref: Ref
let s1: Client
let staff1: { id: number; email: string }
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  staff1 = await makeStaff(app, 1)
  s1 = await signedIn(app, { staff: staff1.email })
})

const listed = async (tutorId: number) =>
  (await app.services.db.selectFrom('catalogue_listings').select('tutor_id').where('tutor_id', '=', tutorId).execute())
    .length

const listable = (over: Parameters<typeof makeTutor>[1] = {}) =>
  makeTutor(app.services.db, {
    subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }],
    places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
    ...over,
  })

describe('permissions', () => {
  test('anonymous 401; a tutor, a client and staff status 3 are 403; status 2 and 4 may', async () => {
    expect((await new Client(app.url).api.post('/admin/tutors', { page: 1 })).status).toBe(401)
    const p = await makePerson(app, { tutor: true, client: true })
    expect((await (await signedIn(app, { tutor: p.email })).api.post('/admin/tutors', { page: 1 })).status).toBe(403)
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await s3.raw.post('/admin/tutors', { page: 1 })).json).toEqual({ status: 'fail', error: 'forbidden' })
    expect((await s3.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: 10 })).status).toBe(403)
    for (const status of [2, 4] as const) {
      const s = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await s.api.post('/admin/tutors', { page: 1 })).status).toBe(200)
    }
  })
})

describe('list', () => {
  test('filters by text (name, e-mail, phone, id), flags and status; pages with a total', async () => {
    const db = app.services.db
    const tag = `Filtr${Date.now() % 100000}`
    const a = await listable({ name: `${tag} Alpha` })
    const b = await listable({ name: `${tag} Beta`, published: false, status: 1 })
    const c = await listable({ name: `${tag} Gamma`, active: false })
    await db.updateTable('tutors').set({ verified: true, favorite: true }).where('id', '=', a).execute()
    await db.updateTable('tutors').set({ status: 6 }).where('id', '=', c).execute()
    const list = async (filters: Record<string, unknown>, page = 1) =>
      (await s1.api.post('/admin/tutors', { page, filters })).json.data
    const ids = async (filters: Record<string, unknown>) => (await list(filters)).items.map((i) => i.id).sort()

    expect(await ids({ text: tag })).toEqual([a, b, c].sort())
    expect(await ids({ text: tag, published: 0 })).toEqual([b])
    expect(await ids({ text: tag, published: 1, active: 1 })).toEqual([a])
    expect(await ids({ text: tag, active: 0 })).toEqual([c])
    expect(await ids({ text: tag, verified: 1 })).toEqual([a])
    expect(await ids({ text: tag, favorite: 1 })).toEqual([a])
    expect(await ids({ text: tag, school: 1 })).toEqual([c])
    expect(await ids({ text: tag, school: 0 })).toEqual([a, b].sort())
    expect(await ids({ text: tag, status: 1 })).toEqual([b])
    // Flags given as "" mean any; filters may come as JSON text.
    expect(await ids({ text: tag, verified: '' })).toEqual([a, b, c].sort())
    expect(
      (
        await s1.api.post('/admin/tutors', { page: 1, filters: JSON.stringify({ text: tag, verified: 1 }) })
      ).json.data.items.map((i) => i.id),
    ).toEqual([a])
    // By e-mail, phone (any punctuation) and id.
    const p = await makePerson(app, { tutor: true })
    expect(await ids({ text: p.email.toUpperCase() })).toEqual([p.tutorId!])
    expect(await ids({ text: `+38 ${p.phone.slice(0, 3)} ${p.phone.slice(3)}` })).toEqual([p.tutorId!])
    expect((await ids({ text: String(p.tutorId) })).includes(p.tutorId!)).toBe(true)
    // Paging: newest first, 20 a page, the total stays.
    for (let i = 0; i < 21; i++) await listable({ name: `${tag}Page ${i}` })
    const page1 = await list({ text: `${tag}Page` })
    const page2 = await list({ text: `${tag}Page` }, 2)
    expect(page1.total).toBe(21)
    expect(page1.items).toHaveLength(20)
    expect(page2.items).toHaveLength(1)
    expect(page2.page).toBe(2)
    expect(page1.items[0]!.id).toBeGreaterThan(page1.items[1]!.id)
    // An item carries the staff columns.
    expect(page1.items[0]).toMatchObject({
      published: 1,
      active: 1,
      verified: 0,
      school: 0,
      favorite: 0,
      wallet: { balance_minor: 0, currency: 'UAH' },
    })
  })

  test('deleted tutors are left out unless asked for', async () => {
    const tag = `Gone${Date.now() % 100000}`
    const id = await listable({ name: `${tag} One` })
    expect((await s1.api.post('/admin/tutor/delete', { tutor_id: id })).status).toBe(200)
    expect((await s1.api.post('/admin/tutors', { filters: { text: tag } })).json.data.total).toBe(0)
    expect(
      (await s1.api.post('/admin/tutors', { filters: { text: tag, deleted: 1 } })).json.data.items[0],
    ).toMatchObject({ id })
  })
})

describe('staff actions and the activity log', () => {
  test('publish, active, school, verified, toggles, favourite, comment: each changes the profile, the catalogue and the log', async () => {
    const id = await listable({ published: false, status: 1 })
    expect(await listed(id)).toBe(0)

    const pub = await s1.api.post('/admin/tutor/publish', { tutor_id: id })
    expect(pub.json.data).toMatchObject({ tutor_id: id, published: 1, status: 2 })
    expect(await listed(id)).toBeGreaterThan(0)
    expect((await s1.api.post('/admin/tutor/publish', { tutor_id: id })).status).toBe(409)

    expect((await s1.api.post('/admin/tutor/set_inactive', { tutor_id: id })).status).toBe(200)
    expect(await listed(id)).toBe(0)
    expect((await s1.raw.post('/admin/tutor/set_inactive', { tutor_id: id })).json).toEqual({
      status: 'fail',
      error: 'wrong_status',
    })
    expect((await s1.api.post('/admin/tutor/set_active', { tutor_id: id })).status).toBe(200)
    expect(await listed(id)).toBeGreaterThan(0)

    expect((await s1.api.post('/admin/tutor/set_school', { tutor_id: id })).json.data).toMatchObject({
      school: 1,
      status: 6,
    })
    expect((await s1.api.post('/admin/tutor/set_school', { tutor_id: id })).status).toBe(409)
    expect((await s1.api.post('/admin/tutor/set_school', { tutor_id: id, value: 0 })).json.data).toMatchObject({
      school: 0,
      status: 2,
    })
    expect((await s1.api.post('/admin/tutor/set_school', { tutor_id: id })).status).toBe(200)

    expect((await s1.api.post('/admin/tutor/set_verified', { tutor_id: id, verified: 1 })).status).toBe(200)
    expect((await s1.api.post('/admin/tutor/set_verified', { tutor_id: id, verified: '1' })).status).toBe(409)
    expect(
      (await s1.api.post('/admin/tutor/set_toggle', { tutor_id: id, toggle: 'hide_phone', value: 1 })).status,
    ).toBe(200)
    expect(
      (await s1.api.post('/admin/tutor/set_toggle', { tutor_id: id, toggle: 'no_new_orders', value: '1' })).status,
    ).toBe(200)
    const unknown = await s1.raw.post('/admin/tutor/set_toggle', { tutor_id: id, toggle: 'drop_tables', value: 1 })
    expect(unknown.status).toBe(422)
    expect(Object.keys(fieldErrors(unknown.json))).toEqual(['toggle'])
    expect(
      (await s1.raw.post('/admin/tutor/set_toggle', { tutor_id: id, toggle: 'hide_phone', value: 2 })).status,
    ).toBe(422)
    expect(
      (await s1.api.post('/admin/tutor/profile/set_favorite', { tutor_id: id, add_favorite: 1 })).json.data,
    ).toMatchObject({ favorite: 1 })
    expect(
      (await s1.api.post('/admin/tutor/save_admin_comment', { tutor_id: id, admin_comment: 'Перевірено дипломи' }))
        .status,
    ).toBe(200)
    await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: id, sum: '25.5' })

    const view = (await s1.api.get(`/admin/tutor/profile/get?id=${id}`)).json.data
    expect(view).toMatchObject({
      id,
      status: 6,
      school: 1,
      published: 1,
      active: 1,
      verified: 1,
      favorite: 1,
      admin_comment: 'Перевірено дипломи',
      wallet: { balance_minor: 2550, balance: '25.50', currency: 'UAH' },
      subjects: [{ subject_id: ref.lessons.math, selectedLevels: [ref.levels.school] }],
      locations_home: [{ city: ref.cities.kyiv, districts: [ref.districts.podil], subdistricts: [] }],
    })
    expect(view.toggles).toEqual([
      { name: 'hide_phone', value: 1 },
      { name: 'no_new_orders', value: 1 },
      { name: 'potential_school_tutor', value: 0 },
    ])
    expect(view.email).toBeDefined()
    expect((await s1.api.get('/admin/tutor/profile/get?id=99999999')).status).toBe(404)

    // The activity log: every change, newest first, with who made it.
    const log = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${id}&page=1`)).json.data
    const actions = log.items.map((i) => i.action)
    expect(actions.slice(0, 3)).toEqual(['tutor.wallet_add_money', 'tutor.save_admin_comment', 'tutor.set_favorite'])
    for (const a of [
      'tutor.publish',
      'tutor.set_inactive',
      'tutor.set_active',
      'tutor.set_school',
      'tutor.set_verified',
      'tutor.set_toggle',
    ])
      expect(actions).toContain(a)
    expect(log.items[0]!.actor).toEqual({ kind: 'staff', id: staff1.id, name: 'Staff 1' })
    expect(log.items[0]!.data).toMatchObject({ amount_minor: 2550, balance_after_minor: 2550 })
    expect(log.total).toBe(log.items.length)
    // A change by the tutor's own hand shows with the tutor as the actor.
    await app.services.db
      .insertInto('audit_log')
      .values({ actor_kind: 'tutor', actor_id: id, action: 'tutor.profile_save', entity: 'tutor', entity_id: id })
      .execute()
    const mine = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${id}`)).json.data.items[0]!
    expect(mine).toMatchObject({ action: 'tutor.profile_save', actor: { kind: 'tutor', id } })
    expect(typeof mine.actor.name).toBe('string')
    expect((await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${id}&page=2`)).json.data.items).toEqual([])
  })

  test('copy: a new unpublished tutor with the same profile and no contacts (a cross-site GET is refused)', async () => {
    const p = await makePerson(app, { tutor: true })
    const db = app.services.db
    await db
      .updateTable('tutors')
      .set({
        description: 'Опис',
        university_name: 'КНУ',
        price: 400,
        work_home: true,
        published: true,
        status: 2,
        schedule: jsonb({ mon: [9, 18] }),
        online_communication_app: 'skype:me',
      })
      .where('id', '=', p.tutorId!)
      .execute()
    await db
      .insertInto('tutor_subjects')
      .values({ tutor_id: p.tutorId!, lesson_id: ref.lessons.math, description: 'Алгебра' })
      .execute()
    await db
      .insertInto('tutor_subject_levels')
      .values({ tutor_id: p.tutorId!, lesson_id: ref.lessons.math, level_id: ref.levels.exam })
      .execute()
    await db
      .insertInto('tutor_places')
      .values({ tutor_id: p.tutorId!, kind: 'home', city_id: ref.cities.lviv })
      .execute()

    const refused = await s1.api.get(`/admin/tutor/profile/copy?id=${p.tutorId}`, { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    const res = await s1.api.get(`/admin/tutor/profile/copy?id=${p.tutorId}`)
    expect(res.status).toBe(200)
    const copyId = res.json.data.id
    expect(copyId).not.toBe(p.tutorId)
    const copy = (await s1.api.get(`/admin/tutor/profile/get?id=${copyId}`)).json.data
    expect(copy).toMatchObject({
      published: 0,
      status: 1,
      email: null,
      phone: null,
      description: 'Опис',
      university_name: 'КНУ',
      price: 400,
      work_home: 1,
      schedule: { mon: [9, 18] },
      online_communication_app: null,
      subjects: [{ subject_id: ref.lessons.math, description: 'Алгебра', selectedLevels: [ref.levels.exam] }],
      locations_home: [{ city: ref.cities.lviv, districts: [], subdistricts: [] }],
      wallet: { balance_minor: 0 },
    })
    expect(copy.person_id).not.toBe((await s1.api.get(`/admin/tutor/profile/get?id=${p.tutorId}`)).json.data.person_id)
    expect(await listed(copyId)).toBe(0)
    const log = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${copyId}`)).json.data.items
    expect(log[0]).toMatchObject({ action: 'tutor.copy', data: { copied_from: p.tutorId } })
  })

  test('password set: the tutor signs in with the new one; old sessions end', async () => {
    const p = await makePerson(app, { tutor: true })
    const tutor = await signedIn(app, { tutor: p.email })
    expect(
      (await s1.api.post('/admin/tutor/profile/password/set', { tutor_id: p.tutorId, password: 'short' })).status,
    ).toBe(422)
    expect(
      (await s1.api.post('/admin/tutor/profile/password/set', { tutor_id: p.tutorId, password: 'brand-new-pass-1' }))
        .status,
    ).toBe(200)
    expect((await tutor.api.get('/tutor/auth/role/get')).json.auth.tutor).toBe(false)
    expect((await new Client(app.url).api.post('/tutor/login', { login: p.email, password: PASSWORD })).status).toBe(
      401,
    )
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: p.email, password: 'brand-new-pass-1' })).status,
    ).toBe(200)
  })

  test('delete: soft, out of the catalogue, signed out; further changes are 409', async () => {
    const p = await makePerson(app, { tutor: true })
    const db = app.services.db
    await db.insertInto('tutor_subjects').values({ tutor_id: p.tutorId!, lesson_id: ref.lessons.math }).execute()
    await db.updateTable('tutors').set({ published: true, work_online: true }).where('id', '=', p.tutorId!).execute()
    await s1.api.post('/admin/tutor/set_inactive', { tutor_id: p.tutorId })
    await s1.api.post('/admin/tutor/set_active', { tutor_id: p.tutorId })
    expect(await listed(p.tutorId!)).toBeGreaterThan(0)
    const tutor = await signedIn(app, { tutor: p.email })
    expect((await s1.api.post('/admin/tutor/delete', { tutor_id: p.tutorId })).json).toEqual({
      status: 'success',
      data: { tutor_id: p.tutorId!, deleted: true },
    })
    expect(await listed(p.tutorId!)).toBe(0)
    const row = await db
      .selectFrom('tutors')
      .select('deleted_at')
      .where('id', '=', p.tutorId!)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
    expect((await tutor.api.get('/tutor/auth/role/get')).json.auth.tutor).toBe(false)
    expect((await new Client(app.url).api.post('/tutor/login', { login: p.email, password: PASSWORD })).status).toBe(
      401,
    )
    expect((await s1.api.post('/admin/tutor/delete', { tutor_id: p.tutorId })).status).toBe(409)
    expect((await s1.api.post('/admin/tutor/publish', { tutor_id: p.tutorId })).status).toBe(409)
    expect((await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: 5 })).status).toBe(409)
    expect((await s1.api.post('/admin/tutor/delete', { tutor_id: 99999999 })).status).toBe(404)
  })

  test('deleting a tutor who is also a client keeps the client signed in', async () => {
    const p = await makePerson(app, { tutor: true, client: true })
    const c = await signedIn(app, { client: p.email })
    await s1.api.post('/admin/tutor/delete', { tutor_id: p.tutorId })
    const auth = (await c.api.get('/tutor/auth/role/get')).json.auth
    expect(auth).toMatchObject({ client: true, tutor: false })
  })

  test('transliterate_main_data: name and texts by the national system (KMU 2010), not saved', async () => {
    const id = await listable({ name: 'Ярослав Згурський', description: "Репетитор з Київа, Мар'їне" })
    const res = await s1.api.get(`/admin/tutor/profile/transliterate_main_data?id=${id}`)
    expect(res.json.data).toMatchObject({
      tutor_id: id,
      name: 'Yaroslav Zghurskyi',
      first_name: 'Yaroslav',
      description: 'Repetytor z Kyiva, Marine',
    })
    expect((await s1.api.get(`/admin/tutor/profile/get?id=${id}`)).json.data.name).toBe('Ярослав Згурський')
  })
})

describe('transliteration table', () => {
  test('the examples of the resolution', () => {
    const cases: [string, string][] = [
      ['Алушта', 'Alushta'],
      ['Андрій', 'Andrii'],
      ['Борщагівка', 'Borshchahivka'],
      ['Вінниця', 'Vinnytsia'],
      ['Гадяч', 'Hadiach'],
      ['Згурський', 'Zghurskyi'],
      ['Ґалаґан', 'Galagan'],
      ['Донецьк', 'Donetsk'],
      ['Єнакієве', 'Yenakiieve'],
      ['Гаєвич', 'Haievych'],
      ["Короп'є", 'Koropie'],
      ['Житомир', 'Zhytomyr'],
      ['Їжакевич', 'Yizhakevych'],
      ['Кадиївка', 'Kadyivka'],
      ["Мар'їне", 'Marine'],
      ['Йосипівка', 'Yosypivka'],
      ['Стрий', 'Stryi'],
      ['Олексій', 'Oleksii'],
      ['Київ', 'Kyiv'],
      ['Маркіян', 'Markiian'],
      ['Наталія', 'Nataliia'],
      ['Ужгород', 'Uzhhorod'],
      ['Уляна', 'Uliana'],
      ['Біла Церква', 'Bila Tserkva'],
      ['Щербухи', 'Shcherbukhy'],
      ['Юрій', 'Yurii'],
      ['Корюківка', 'Koriukivka'],
      ['Яготин', 'Yahotyn'],
      ['Костянтин', 'Kostiantyn'],
      ["Знам'янка", 'Znamianka'],
      ['Феодосія', 'Feodosiia'],
      ['Розгон', 'Rozghon'],
      ['ЩЕРБУХИ', 'SHCHERBUKHY'],
      // Russian letters outside the resolution.
      ['Дмитрий Ёлкин', 'Dmytryi Yolkyn'],
      ['Эмма Рыбъякова', 'Emma Rybiakova'],
      // Not Cyrillic: kept.
      ['"Привіт", 5 балів!', '"Pryvit", 5 baliv!'],
    ]
    for (const [from, to] of cases) expect(transliterate(from)).toBe(to)
  })
})

describe('wallet', () => {
  const balanceOf = async (tutorId: number) =>
    (await s1.api.get(`/admin/tutor/profile/get?id=${tutorId}`)).json.data.wallet

  test('add_money in whole units (two decimals); corrections may not take the balance below zero', async () => {
    const p = await makePerson(app, { tutor: true })
    const add = await s1.api.post('/admin/tutor/wallet/add_money', {
      tutor_id: p.tutorId,
      sum: '150.50',
      comment: 'bank transfer 77',
    })
    expect(add.json.data).toMatchObject({
      amount_minor: 15050,
      balance_minor: 15050,
      balance: '150.50',
      currency: 'UAH',
    })
    expect(
      (await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: -50 })).json.data.balance_minor,
    ).toBe(10050)
    const tooMuch = await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: '-100.51' })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.json.error).toBe('wrong_status')
    expect(await balanceOf(p.tutorId!)).toEqual({ balance_minor: 10050, balance: '100.50', currency: 'UAH' })
    // To exactly zero is fine.
    expect(
      (await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: '-100.50' })).json.data
        .balance_minor,
    ).toBe(0)
    for (const sum of ['1.234', '0', 0, 'abc', '', '1e3', 2_000_000]) {
      const res = await s1.raw.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum })
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toEqual(['sum'])
    }
    expect((await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: 99999999, sum: 1 })).status).toBe(404)
    // The ledger: one entry per call, integer minor units, with the kind and the staff member.
    const entries = await app.services.db
      .selectFrom('wallet_entries')
      .select(['amount_minor', 'currency', 'kind', 'reference', 'actor_kind', 'actor_id'])
      .where('tutor_id', '=', p.tutorId!)
      .orderBy('id')
      .execute()
    expect(entries).toEqual([
      {
        amount_minor: 15050,
        currency: 'UAH',
        kind: 'staff_add',
        reference: 'bank transfer 77',
        actor_kind: 'staff',
        actor_id: staff1.id,
      },
      {
        amount_minor: -5000,
        currency: 'UAH',
        kind: 'staff_correction',
        reference: null,
        actor_kind: 'staff',
        actor_id: staff1.id,
      },
      {
        amount_minor: -10050,
        currency: 'UAH',
        kind: 'staff_correction',
        reference: null,
        actor_kind: 'staff',
        actor_id: staff1.id,
      },
    ])
  })

  test('two concurrent corrections that together would go below zero: exactly one passes', async () => {
    const p = await makePerson(app, { tutor: true })
    await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: 100 })
    const s4 = await signedIn(app, { staff: (await makeStaff(app, 4)).email })
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: -60 }),
        s4.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: -60 }),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 409])
      const balance = (await balanceOf(p.tutorId!)).balance_minor
      expect(balance).toBe(4000)
      await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: 60 })
    }
    const sum = await app.services.db
      .selectFrom('wallet_entries')
      .select(sql<number>`sum(amount_minor)::bigint`.as('s'))
      .where('tutor_id', '=', p.tutorId!)
      .executeTakeFirstOrThrow()
    expect(Number(sum.s)).toBe(10000)
  })

  test('many concurrent debits never overdraw', async () => {
    const p = await makePerson(app, { tutor: true })
    await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: 10 })
    const results = await Promise.all(
      Array.from({ length: 8 }, () => s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: p.tutorId, sum: -3 })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    expect((await balanceOf(p.tutorId!)).balance_minor).toBe(100)
  })
})

describe('anonymisation', () => {
  /** Every row of every table as text, for a search. */
  async function dump(): Promise<string> {
    const db = app.services.db
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
      db,
    )
    const parts: string[] = []
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.id(table_name)} t`.execute(db)
      for (const r of rows.rows) parts.push(`${table_name}: ${r.row}`)
    }
    return parts.join('\n')
  }

  test('every table with a tutor_id column is classified (a new one must say what anonymisation does with it)', async () => {
    const rows = await sql<{ table_name: string }>`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'tutor_id'`.execute(
      app.services.db,
    )
    const unclassified = rows.rows.map((r) => r.table_name).filter((t) => !(t in TUTOR_TABLES))
    expect(unclassified).toEqual([])
  })

  test('removes personal data and files everywhere; keeps money, reviews and the history', async () => {
    const db = app.services.db
    const u = `${process.pid}${Date.now() % 1000000}`
    const name = `Анонімко Тестовенко${u}`
    const email = `anon.${u}@example.com`
    const phone = `063${u.padStart(7, '0').slice(-7)}`
    // A tutor who registered, failed a sign-in once (a throttle row keyed by the e-mail), and has a profile.
    const reg = await new Client(app.url).api.post('/tutor/register', {
      name,
      email,
      phone,
      password: PASSWORD,
      accept_terms: true,
    })
    expect(reg.status).toBe(200)
    const tutorId: number = reg.json.data!.tutor_id
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: email, password: 'wrong-password-1' })).status,
    ).toBe(401)
    const tutor = await signedIn(app, { tutor: email })
    // Failed sign-ins after it leave throttle rows keyed by the login (e-mail, and phone with the prefix).
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: email, password: 'wrong-password-2' })).status,
    ).toBe(401)
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: `+38${phone}`, password: 'wrong-password-3' }))
        .status,
    ).toBe(401)
    await db
      .updateTable('tutors')
      .set({
        description: `Я ${name}, пишіть на ${email} або ${phone}`,
        university_name: 'КПІ',
        age: 30,
        published: true,
        work_online: true,
        online_communication_app: `tg:${phone}`,
        video_url: 'https://youtu.be/abcdefghijk',
      })
      .where('id', '=', tutorId)
      .execute()
    await db
      .insertInto('tutor_subjects')
      .values({ tutor_id: tutorId, lesson_id: ref.lessons.math, description: `Дзвоніть ${phone}` })
      .execute()
    await s1.api.post('/admin/tutor/set_inactive', { tutor_id: tutorId })
    await s1.api.post('/admin/tutor/set_active', { tutor_id: tutorId })
    expect(await listed(tutorId)).toBeGreaterThan(0)
    // Files: a document and avatar files in storage.
    const storage = fileStorage(app.services.env)
    const docKey = keyOf('documents', tutorId, randomName(), 'pdf')
    const avatarKey = keyOf('avatars', tutorId, randomName(), 'jpg')
    const originalKey = keyOf('avatar-originals', tutorId, randomName(), 'jpg')
    const billingKey = keyOf('documents', tutorId, randomName(), 'pdf')
    for (const key of [docKey, avatarKey, originalKey, billingKey])
      await storage.put(key, new TextEncoder().encode(`file of ${name}`), 'application/octet-stream')
    // Billing data: the person's name, tax id, IBAN and a passport scan.
    await db
      .insertInto('billing_data')
      .values({ tutor_id: tutorId, full_name: name, tax_id: '1234567890', iban: 'UA213223130000026007233566001' })
      .execute()
    await db
      .insertInto('billing_documents')
      .values({
        tutor_id: tutorId,
        kind: 'billing',
        storage_key: billingKey,
        original_name: `Паспорт ${name}.pdf`,
        mime: 'application/pdf',
        size: 10,
      })
      .execute()
    await db
      .insertInto('tutor_documents')
      .values({
        tutor_id: tutorId,
        storage_key: docKey,
        original_name: `Диплом ${name}.pdf`,
        mime: 'application/pdf',
        size: 10,
        description: name,
      })
      .execute()
    await db
      .insertInto('payment_cards')
      .values({ tutor_id: tutorId, provider: 'local', token: `local_tok_${u}`, mask: '**** 4242' })
      .execute()
    await db
      .updateTable('tutors')
      .set({
        avatar_url: `/media/${avatarKey}`,
        avatar_files: jsonb({ key: avatarKey, original_key: originalKey, crop: { x: 1 } }),
      })
      .where('id', '=', tutorId)
      .execute()
    // Staff work: a comment naming the person, money, a review by a client.
    await s1.api.post('/admin/tutor/save_admin_comment', {
      tutor_id: tutorId,
      admin_comment: `${name} просив дзвонити на ${phone}`,
    })
    await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: tutorId, sum: 300, comment: `оплата від ${name}` })
    await s1.api.post('/admin/tutor/wallet/add_money', { tutor_id: tutorId, sum: -45.5 })
    const reviewer = await makePerson(app, { client: true })
    await db
      .insertInto('reviews')
      .values({ tutor_id: tutorId, client_id: reviewer.clientId, client_name: 'Оля', mark: 5, text: 'Чудово' })
      .execute()
    // Messages the app sent to the tutor (the confirmation e-mail from registering is there already).
    await db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: `+38${phone}`, body: `${name}, вам нове замовлення`, transport: 'outbox' })
      .execute()
    // A message to somebody else that names the tutor's contacts; an audit entry of another record that does.
    const notice = await db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'client-x@example.com',
        subject: 'Ваш репетитор',
        body: `Контакти: ${email}, +38${phone}`,
        transport: 'outbox',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('audit_log')
      .values({
        actor_kind: 'system',
        action: 'order.note',
        entity: 'order',
        entity_id: 1,
        data: jsonb({ tutor_contact: { email: email.toUpperCase(), phone } }),
      })
      .execute()
    const keysBefore = await db.selectFrom('auth_failures').select('key').where('scope', '=', 'account').execute()
    expect(keysBefore.map((k) => k.key)).toEqual(expect.arrayContaining([`tutor:${email}`, `tutor:+38${phone}`]))
    // Someone else's text that merely contains the contacts inside longer values stays as it is.
    const unrelated = `ref 1${phone}9, write to other.${email}`
    const other = await db
      .insertInto('outbox')
      .values({ channel: 'email', recipient: 'someone@example.com', body: unrelated, transport: 'outbox' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const before = await dump()
    expect(before).toContain(email)
    expect(before).toContain(phone)
    expect(before).toContain(name)

    const res = await s1.api.post('/admin/tutor/anonymization_delete', { tutor_id: tutorId })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      tutor_id: tutorId,
      anonymized: true,
      person_erased: true,
      documents_deleted: 1,
      files_deleted: 4,
    })

    const after = await dump()
    for (const secret of [email, phone, name, name.split(' ')[1]!]) {
      const hits = after
        .split('\n')
        .filter((line) => line.toLowerCase().includes(secret.toLowerCase()) && !line.includes(unrelated))
      expect(hits).toEqual([])
    }
    expect(
      (await db.selectFrom('outbox').select('body').where('id', '=', other.id).executeTakeFirstOrThrow()).body,
    ).toBe(unrelated)
    // The message to somebody else stays, with the contacts erased; so does the other record's audit entry.
    expect(
      (await db.selectFrom('outbox').select('body').where('id', '=', notice.id).executeTakeFirstOrThrow()).body,
    ).toBe(`Контакти: ${ERASED}, +${ERASED}`)
    const note = await db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'order.note')
      .executeTakeFirstOrThrow()
    expect(note.data).toEqual({ tutor_contact: { email: ERASED, phone: ERASED } })
    // Files are gone from storage.
    for (const key of [docKey, avatarKey, originalKey, billingKey]) expect(await storage.get(key)).toBeNull()
    expect(await db.selectFrom('billing_data').select('tutor_id').where('tutor_id', '=', tutorId).execute()).toEqual([])
    expect(await db.selectFrom('billing_documents').select('id').where('tutor_id', '=', tutorId).execute()).toEqual([])
    // The tutor is a deleted, anonymous shell out of the catalogue; the person cannot sign in.
    const row = await db
      .selectFrom('tutors')
      .select(['name', 'deleted_at', 'anonymized_at', 'avatar_url', 'description', 'admin_comment'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Deleted tutor', avatar_url: null, description: '', admin_comment: '' })
    expect(row.deleted_at).not.toBeNull()
    expect(row.anonymized_at).not.toBeNull()
    expect(await listed(tutorId)).toBe(0)
    expect((await tutor.api.get('/tutor/auth/role/get')).json.auth.tutor).toBe(false)
    expect((await new Client(app.url).api.post('/tutor/login', { login: email, password: PASSWORD })).status).toBe(401)
    // Money and reviews are whole.
    const entries = await db
      .selectFrom('wallet_entries')
      .select(['amount_minor', 'reference'])
      .where('tutor_id', '=', tutorId)
      .orderBy('id')
      .execute()
    expect(entries.map((e) => e.amount_minor)).toEqual([30000, -4550])
    expect(entries[0]!.reference).toBe(`оплата від ${ERASED}`)
    expect((await s1.api.get(`/admin/tutor/profile/get?id=${tutorId}`)).json.data.wallet.balance_minor).toBe(25450)
    expect(await db.selectFrom('reviews').select('mark').where('tutor_id', '=', tutorId).execute()).toEqual([
      { mark: 5 },
    ])
    // Saved card tokens are the person's means of payment: gone.
    expect(await db.selectFrom('payment_cards').select('id').where('tutor_id', '=', tutorId).execute()).toEqual([])
    // The history keeps its entries (who, what, when) and records the erasure.
    const log = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${tutorId}`)).json.data
    expect(log.items[0]).toMatchObject({
      action: 'tutor.anonymization_delete',
      actor: { kind: 'staff', id: staff1.id },
    })
    expect(log.items.map((i) => i.action)).toContain('tutor.save_admin_comment')
    // Once only.
    expect((await s1.api.post('/admin/tutor/anonymization_delete', { tutor_id: tutorId })).status).toBe(409)
    expect(
      (await s1.api.post('/admin/tutor/save_admin_comment', { tutor_id: tutorId, admin_comment: 'x' })).status,
    ).toBe(409)
  })

  test('a person who is also a client keeps the contacts the client account uses', async () => {
    const p = await makePerson(app, { tutor: true, client: true })
    expect(
      (await s1.api.post('/admin/tutor/anonymization_delete', { tutor_id: p.tutorId })).json.data.person_erased,
    ).toBe(false)
    const person = await app.services.db
      .selectFrom('people')
      .select(['email', 'phone'])
      .where('id', '=', p.personId)
      .executeTakeFirstOrThrow()
    expect(person).toEqual({ email: p.email, phone: p.phone })
    expect(
      (await app.services.db.selectFrom('tutors').select('name').where('id', '=', p.tutorId!).executeTakeFirstOrThrow())
        .name,
    ).toBe('Deleted tutor')
    const c = await signedIn(app, { client: p.email })
    expect((await c.api.get('/tutor/auth/role/get')).json.auth).toMatchObject({ client: true, tutor: false })
  })
})

describe('staff edit and create tutor profiles (multipart, as the tutor form)', () => {
  const multipart = (
    fields: Record<string, string>,
    files: { name: string; type: string; bytes: Uint8Array }[] = [],
  ) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    for (const f of files) form.append('new_documents[]', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }))
    return form
  }

  test('save: staff change a tutor’s profile form; the change is in the tutor’s own view and the activity log', async () => {
    const p = await makePerson(app, { tutor: true })
    const tutor = {
      name: 'Staff Edited',
      description: 'Edited by the moderator',
      subjects: [{ subject_id: ref.lessons.math, description: 'Algebra', selectedLevels: [ref.levels.school] }],
      work_online: true,
    }
    const res = await s1.request('POST', '/admin/tutor/profile/save', {
      body: multipart({ tutor_id: String(p.tutorId), tutor: JSON.stringify(tutor) }),
    })
    expect(res.status).toBe(200)
    const own = (await (await signedIn(app, { tutor: p.email })).api.get('/tutor/profile/get')).json.data
    expect(own).toMatchObject({
      name: 'Staff Edited',
      description: 'Edited by the moderator',
      subjects: [{ subject_id: ref.lessons.math, selectedLevels: [ref.levels.school] }],
    })
    const log = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${p.tutorId}`)).json.data.items as {
      actor: { kind: string }
    }[]
    expect(log.some((e) => e.actor.kind === 'staff')).toBe(true)
    // A bad form is a 422 and changes nothing.
    const bad = await s1.request('POST', '/admin/tutor/profile/save', {
      body: multipart({ tutor_id: String(p.tutorId), tutor: JSON.stringify({ subjects: [{ subject_id: 999999 }] }) }),
    })
    expect(bad.status).toBe(422)
    expect(
      (await (await signedIn(app, { tutor: p.email })).api.get('/tutor/profile/get')).json.data.subjects,
    ).toHaveLength(1)
  })

  test('create: a new unpublished tutor with contact and profile; a taken e-mail or a refused form leaves nobody behind', async () => {
    const db = app.services.db
    const email = `made.by.staff.${Date.now()}@example.com`
    const tutor = {
      name: 'Made By Staff',
      email,
      phone: '0671112233',
      password: 'staff-set-pass-1',
      confirm_password: 'staff-set-pass-1',
      subjects: [{ subject_id: ref.lessons.english, description: 'Speaking', selectedLevels: [] }],
      work_online: true,
    }
    const res = await s1.request('POST', '/admin/tutor/profile/create', {
      body: multipart({ tutor: JSON.stringify(tutor) }),
    })
    expect(res.status).toBe(200)
    const row = await db
      .selectFrom('tutors as t')
      .innerJoin('people as p', 'p.id', 't.person_id')
      .select(['t.id', 't.published', 'p.email', 'p.phone'])
      .where('p.email', '=', email)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ published: false, phone: '0671112233' })
    // The password staff set signs the tutor in.
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: email, password: 'staff-set-pass-1' })).status,
    ).toBe(200)

    const people = async () =>
      (await db.selectFrom('people').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n
    const before = await people()
    const taken = await s1.request('POST', '/admin/tutor/profile/create', {
      body: multipart({ tutor: JSON.stringify({ ...tutor, phone: '0679998877' }) }),
    })
    expect(taken.status).toBe(422)
    expect(fieldErrors(taken.json).email).toBeDefined()
    const refused = await s1.request('POST', '/admin/tutor/profile/create', {
      body: multipart({
        tutor: JSON.stringify({
          name: 'Bad Form',
          email: `bad.${Date.now()}@example.com`,
          subjects: [{ subject_id: 999999 }],
        }),
      }),
    })
    expect(refused.status).toBe(422)
    expect(await people()).toBe(before)
    const noContact = await s1.request('POST', '/admin/tutor/profile/create', {
      body: multipart({ tutor: JSON.stringify({ name: 'No Contact' }) }),
    })
    expect(noContact.status).toBe(422)

    // Staff of another area may not.
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect(
      (await s3.request('POST', '/admin/tutor/profile/create', { body: multipart({ tutor: JSON.stringify(tutor) }) }))
        .status,
    ).toBe(403)
  })
})
