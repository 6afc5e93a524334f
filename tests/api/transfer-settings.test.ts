// School transfer settings (docs/api.md#admin-tops-and-school-transfer "School transfer settings",
// docs/product.md#2-screens-and-routes: only status 1 changes them): per subject, a school request
// goes to the school site at once (school_state 'new', as staff's "send to school"); offline lessons only while the
// site-wide rule is on.
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()
let ref: Ref
let staff: Client
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
})

let n = 0
const visitor = () => {
  n++
  return {
    name: `Visitor ${n}`,
    email: `transfer.${n}@example.com`,
    phone: `+38 (063) 200-00-${String(n).padStart(2, '0')}`,
  }
}
const schoolState = async (orderId: number) =>
  (
    await app.services.db
      .selectFrom('orders')
      .select('school_state')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).school_state

async function schoolRequest(lessonId: number, where: ('home' | 'travel' | 'online')[]) {
  const res = await new Client(app.url).api.post('/client/make_short_school_request', {
    request: { ...visitor(), lesson_id: lessonId, form_location: where },
  })
  expect(res.status).toBe(200)
  return res.json.data.order_id
}

describe('the calls', () => {
  test('list, get and save for status 1; statuses 2-4 are refused, anonymous 401', async () => {
    const list = await staff.api.get('/admin/lesson_school_transfer_settings/get?page=1')
    expect(list.status).toBe(200)
    expect(list.json.data.transfer_offline_lesson).toBe(false)
    const english = list.json.data.items.find((i) => i.id === ref.lessons.english)
    expect(english).toMatchObject({ transfer: false, active: true })
    expect(english!.name.length).toBeGreaterThan(0)

    const saved = await staff.api.post('/admin/lesson_school_transfer_setting/save', {
      id: ref.lessons.english,
      transfer: 1,
    })
    expect(saved.json.data).toMatchObject({ id: ref.lessons.english, transfer: true })
    expect(
      (await staff.api.get(`/admin/lesson_school_transfer_setting/get?id=${ref.lessons.english}`)).json.data.transfer,
    ).toBe(true)
    // Transferring subjects come first.
    expect((await staff.api.get('/admin/lesson_school_transfer_settings/get')).json.data.items[0]!.id).toBe(
      ref.lessons.english,
    )
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', '=', 'lesson.school_transfer')
      .executeTakeFirstOrThrow()
    expect(audit.data).toEqual({ transfer: true })

    expect((await staff.raw.get('/admin/lesson_school_transfer_setting/get?id=999999')).status).toBe(404)
    const bad = await staff.raw.post('/admin/lesson_school_transfer_setting/save', {
      id: ref.lessons.english,
      transfer: 'maybe',
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['transfer'])
    for (const status of [2, 3, 4] as const) {
      const other = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await other.raw.get('/admin/lesson_school_transfer_settings/get')).status).toBe(403)
      expect(
        (await other.raw.post('/admin/lesson_school_transfer_setting/save', { id: ref.lessons.english, transfer: 0 }))
          .status,
      ).toBe(403)
    }
    expect((await new Client(app.url).raw.get('/admin/lesson_school_transfer_settings/get')).status).toBe(401)
    await staff.api.post('/admin/lesson_school_transfer_setting/save', { id: ref.lessons.english, transfer: 0 })
  })
})

describe('the school request flow', () => {
  test('a transferring subject: online goes to the school at once; offline only with the site-wide rule on', async () => {
    // Off: nothing is handed over.
    expect(await schoolState(await schoolRequest(ref.lessons.english, ['online']))).toBeNull()
    await staff.api.post('/admin/lesson_school_transfer_setting/save', { id: ref.lessons.english, transfer: 1 })
    const online = await schoolRequest(ref.lessons.english, ['online'])
    expect(await schoolState(online)).toBe('new')
    const event = await app.services.db
      .selectFrom('order_events')
      .select(['action', 'data'])
      .where('order_id', '=', online)
      .where('action', '=', 'set_school_new')
      .executeTakeFirstOrThrow()
    expect(event.data).toEqual({ by: 'transfer_settings' })
    // Offline with the rule off: stays here.
    expect(await schoolState(await schoolRequest(ref.lessons.english, ['home']))).toBeNull()
    await staff.api.post('/admin/settings/set/transfer_offline_lesson', { value: 1 })
    expect(await schoolState(await schoolRequest(ref.lessons.english, ['home']))).toBe('new')
    // Another subject is not handed over; staff can still send such an order themselves.
    expect(await schoolState(await schoolRequest(ref.lessons.math, ['online']))).toBeNull()
    await staff.api.post('/admin/settings/set/transfer_offline_lesson', { value: 0 })
    await staff.api.post('/admin/lesson_school_transfer_setting/save', { id: ref.lessons.english, transfer: 0 })
  })
})
