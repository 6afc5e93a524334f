// Telephony (docs/api.md#admin-telephony "Telephony"): incoming calls arrive as the
// provider's webhook signed like Twilio's (X-Twilio-Signature), are matched by phone to a client or a
// tutor and their open order; staff list them with filters, delete them, call back, call an order's
// client or tutor, call a tutor. The local provider records the outgoing calls; the Twilio module is
// run against a local fake of Twilio's Calls API.
import { describe, expect, test } from 'bun:test'
import { twilioSignature } from '../../server/integrations/telephony/signature'
import { localTelephonyToken } from '../../server/integrations/telephony'
import { OrderStatus } from '../../common/order-status'
import { Client, makePerson, makeStaff, signedIn, useTestApp, withTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { makeOrder } from '../helpers/orders'

async function staff(app: TestApp, status: 1 | 2 | 3 | 4) {
  const s = await makeStaff(app, status)
  return { id: s.id, c: await signedIn(app, { staff: s.email }) }
}

/** Posts a webhook as Twilio would: form-encoded, signed over the full URL and the sorted parameters. */
async function webhook(
  app: TestApp,
  a: {
    provider: 'local' | 'twilio'
    kind: 'voice' | 'status'
    params: Record<string, string>
    token: string
    signature?: string
  },
) {
  const url = `${app.url}/api/telephony/${a.provider}/${a.kind}`
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': a.signature ?? twilioSignature(a.token, url, a.params),
    },
    body: new URLSearchParams(a.params),
  })
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' }
}

let sid = 0
const callSid = () => `CA${String(++sid).padStart(32, '0')}`
const inbound = (from: string, extra: Record<string, string> = {}) => ({
  CallSid: callSid(),
  AccountSid: 'AC00000000000000000000000000000000',
  From: from,
  To: '+380441234567',
  CallStatus: 'ringing',
  Direction: 'inbound',
  ApiVersion: '2010-04-01',
  ...extra,
})
const e164 = (phone: string) => `+38${phone}`

async function incomes(c: Client, filters: Record<string, unknown> = {}) {
  const r = await c.api.post('/admin/telephony/incomes/get', { page: 1, filters } as never)
  expect(r.status).toBe(200)
  return r.json.data
}

describe('telephony: local provider', () => {
  const app = useTestApp()
  const token = () => localTelephonyToken(app.services.env)

  test('a signed incoming call is stored and matched to the client and their open order; staff are told; a repeat is one call', async () => {
    const person = await makePerson(app, { client: true })
    await makeOrder(app, { client_id: person.clientId!, status: OrderStatus.Paid })
    const open = await makeOrder(app, { client_id: person.clientId! })
    const params = inbound(e164(person.phone))
    const res = await webhook(app, { provider: 'local', kind: 'voice', params, token: token() })
    expect(res.status).toBe(200)
    expect(res.type).toContain('text/xml')
    expect(res.text).toContain('<Response>')
    const row = await app.services.db
      .selectFrom('calls')
      .selectAll()
      .where('provider_call_id', '=', params.CallSid)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      direction: 'in',
      provider: 'local',
      from_number: e164(person.phone),
      recipient: 'client',
      recipient_id: person.clientId,
      order_id: open.orderId,
      status: 'ringing',
    })
    const note = await app.services.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'income_calls')
      .where('order_id', '=', open.orderId)
      .execute()
    expect(note).toHaveLength(1)
    expect(note[0]!.data).toMatchObject({ call_id: row.id, recipient: 'client', recipient_id: person.clientId })

    expect((await webhook(app, { provider: 'local', kind: 'voice', params, token: token() })).status).toBe(200)
    expect(
      await app.services.db.selectFrom('calls').select('id').where('provider_call_id', '=', params.CallSid).execute(),
    ).toHaveLength(1)
    expect(
      await app.services.db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', 'income_calls')
        .where('order_id', '=', open.orderId)
        .execute(),
    ).toHaveLength(1)
  })

  test('a tutor is matched with the order they are appointed to; an unknown number stays unknown', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const order = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: tutor.tutorId! })
    const p1 = inbound(e164(tutor.phone))
    expect((await webhook(app, { provider: 'local', kind: 'voice', params: p1, token: token() })).status).toBe(200)
    expect(
      await app.services.db
        .selectFrom('calls')
        .select(['recipient', 'recipient_id', 'order_id'])
        .where('provider_call_id', '=', p1.CallSid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ recipient: 'tutor', recipient_id: tutor.tutorId, order_id: order.orderId })
    const p2 = inbound('+380939999999')
    expect((await webhook(app, { provider: 'local', kind: 'voice', params: p2, token: token() })).status).toBe(200)
    expect(
      await app.services.db
        .selectFrom('calls')
        .select(['recipient', 'recipient_id', 'order_id'])
        .where('provider_call_id', '=', p2.CallSid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ recipient: 'unknown', recipient_id: null, order_id: null })
  })

  test("an unsigned or badly signed webhook is refused 403 and stores nothing; another provider's path is 404", async () => {
    const before = await app.services.db.selectFrom('calls').select('id').execute()
    const p = inbound('+380931111111')
    expect(
      (await webhook(app, { provider: 'local', kind: 'voice', params: p, token: 'not-the-token-at-all' })).status,
    ).toBe(403)
    expect(
      (await webhook(app, { provider: 'local', kind: 'voice', params: p, token: token(), signature: '' })).status,
    ).toBe(403)
    // Signed, then a parameter changed on the way.
    const url = `${app.url}/api/telephony/local/voice`
    const signature = twilioSignature(token(), url, p)
    expect(
      (
        await webhook(app, {
          provider: 'local',
          kind: 'voice',
          params: { ...p, From: '+380932222222' },
          token: token(),
          signature,
        })
      ).status,
    ).toBe(403)
    const noHeader = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(p),
    })
    expect(noHeader.status).toBe(403)
    expect(await noHeader.json()).toEqual({ status: 'fail', error: 'forbidden' })
    expect((await webhook(app, { provider: 'twilio', kind: 'voice', params: p, token: token() })).status).toBe(404)
    // Signed but not a call (no CallSid), or not a form: 400.
    expect(
      (await webhook(app, { provider: 'local', kind: 'voice', params: { From: '+380931111111' }, token: token() }))
        .status,
    ).toBe(400)
    const json = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(json.status).toBe(400)
    expect(await app.services.db.selectFrom('calls').select('id').execute()).toHaveLength(before.length)
  })

  test('status callbacks update status, duration and recording; progress never goes back', async () => {
    const p = inbound('+380933333333')
    await webhook(app, { provider: 'local', kind: 'voice', params: p, token: token() })
    const status = (s: Record<string, string>) =>
      webhook(app, {
        provider: 'local',
        kind: 'status',
        params: { CallSid: p.CallSid, From: p.From, To: p.To, Direction: 'inbound', ...s },
        token: token(),
      })
    expect(
      (
        await status({
          CallStatus: 'completed',
          CallDuration: '42',
          RecordingUrl: 'https://api.twilio.com/recordings/RE1',
        })
      ).status,
    ).toBe(200)
    expect((await status({ CallStatus: 'ringing' })).status).toBe(200)
    expect(
      await app.services.db
        .selectFrom('calls')
        .select(['status', 'duration', 'recording_url'])
        .where('provider_call_id', '=', p.CallSid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed', duration: 42, recording_url: 'https://api.twilio.com/recordings/RE1' })
    // A callback about a call we never stored changes nothing.
    expect((await status({ CallSid: 'CAunknown', CallStatus: 'completed' })).status).toBe(200)
  })

  test('list with filters (who called, admin), call back, delete', async () => {
    const s = await staff(app, 2)
    const client = await makePerson(app, { client: true })
    const tutor = await makePerson(app, { tutor: true })
    const pc = inbound(e164(client.phone))
    const pt = inbound(e164(tutor.phone))
    await webhook(app, { provider: 'local', kind: 'voice', params: pc, token: token() })
    await webhook(app, { provider: 'local', kind: 'voice', params: pt, token: token() })
    const all = await incomes(s.c)
    const ids = (items: { provider_call_id: string | null }[]) => items.map((i) => i.provider_call_id)
    expect(ids(all.items).slice(0, 2)).toEqual([pt.CallSid, pc.CallSid])
    expect(all.items.every((i) => i.direction === 'in')).toBe(true)
    expect(all.admins.map((a) => a.id)).toContain(s.id)
    const fromClients = await incomes(s.c, { who_calls: { recipient: 'client' } })
    expect(fromClients.items.every((i) => i.recipient === 'client')).toBe(true)
    expect(ids(fromClients.items)).toContain(pc.CallSid)
    expect(ids(fromClients.items)).not.toContain(pt.CallSid)
    const fromTutors = await incomes(s.c, { who_calls: { recipient: 'tutor' } })
    expect(ids(fromTutors.items)).toContain(pt.CallSid)
    expect(fromTutors.items.find((i) => i.provider_call_id === pt.CallSid)).toMatchObject({
      recipient_id: tutor.tutorId,
      recipient_name: expect.stringContaining('Tutor'),
    })
    expect(
      (await incomes(s.c, { who_calls: { recipient: 'unknown' } })).items.every((i) => i.recipient === 'unknown'),
    ).toBe(true)

    // Call back: an outgoing call to the caller's number through the local provider, by this staff member.
    const income = fromClients.items.find((i) => i.provider_call_id === pc.CallSid)!
    expect((await incomes(s.c, { admin_id: s.id })).total).toBe(0)
    const back = await s.c.api.post('/admin/call/outcome_to_income', { call_id: income.id, admin_id: s.id })
    expect(back.status).toBe(200)
    expect(back.json.data).toMatchObject({
      direction: 'out',
      provider: 'local',
      to: e164(client.phone),
      recipient: 'client',
      recipient_id: client.clientId,
      income_call_id: income.id,
      admin_id: s.id,
      status: 'queued',
    })
    expect(back.json.data.provider_call_id).toMatch(/^LC[0-9a-f]{32}$/)
    const mine = await incomes(s.c, { admin_id: s.id })
    expect(mine.items.map((i) => i.id)).toEqual([income.id])
    expect(mine.items[0]).toMatchObject({ admin_id: s.id, callbacks: 1 })
    // Outgoing calls never show in the incomes list.
    expect((await incomes(s.c)).items.map((i) => i.id)).not.toContain(back.json.data.id)

    const del = await s.c.api.post(`/admin/income/delete?id=${income.id}`)
    expect(del.status).toBe(200)
    expect(del.json.data).toEqual({ deleted: true })
    expect((await incomes(s.c)).items.map((i) => i.id)).not.toContain(income.id)
    expect((await s.c.api.post(`/admin/income/delete?id=${income.id}`)).status).toBe(404)
    expect((await s.c.api.post('/admin/call/outcome_to_income', { call_id: income.id })).status).toBe(404)
    // An outgoing call is not an income.
    expect((await s.c.api.post(`/admin/income/delete?id=${back.json.data.id}`)).status).toBe(404)
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'call')
      .where('entity_id', 'in', [income.id, back.json.data.id])
      .execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['call.income_delete', 'call.outcome_to_income'])
  })

  test("outcome_new calls the order's client or tutor; outcome_call_to_tutor calls a tutor; each stored with the order and the staff member", async () => {
    const s = await staff(app, 1)
    const tutor = await makePerson(app, { tutor: true })
    const order = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: tutor.tutorId! })
    const client = await app.services.db
      .selectFrom('clients as c')
      .innerJoin('people as p', 'p.id', 'c.person_id')
      .select('p.phone')
      .where('c.id', '=', order.clientId!)
      .executeTakeFirstOrThrow()

    const toClient = await s.c.api.post('/admin/call/outcome_new', {
      order_id: order.orderId,
      recipient: 'client',
      recipient_id: order.clientId!,
      admin_id: s.id,
    })
    expect(toClient.status).toBe(200)
    expect(toClient.json.data).toMatchObject({
      direction: 'out',
      provider: 'local',
      to: e164(client.phone!),
      recipient: 'client',
      recipient_id: order.clientId,
      order_id: order.orderId,
      admin_id: s.id,
      income_call_id: null,
    })
    const toTutor = await s.c.api.post('/admin/call/outcome_new', {
      order_id: order.orderId,
      recipient: 'tutor',
      recipient_id: tutor.tutorId!,
    })
    expect(toTutor.json.data).toMatchObject({
      to: e164(tutor.phone),
      recipient: 'tutor',
      recipient_id: tutor.tutorId,
      order_id: order.orderId,
      admin_id: s.id,
    })
    const direct = await s.c.api.post('/admin/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId! })
    expect(direct.status).toBe(200)
    expect(direct.json.data).toMatchObject({
      direction: 'out',
      to: e164(tutor.phone),
      recipient: 'tutor',
      recipient_id: tutor.tutorId,
      order_id: order.orderId,
      admin_id: s.id,
    })
    const rows = await app.services.db
      .selectFrom('calls')
      .select(['id', 'provider_call_id', 'status'])
      .where('id', 'in', [toClient.json.data.id, toTutor.json.data.id, direct.json.data.id])
      .execute()
    expect(rows.every((r) => r.status === 'queued' && r.provider_call_id?.startsWith('LC'))).toBe(true)

    // Someone else's order party, another staff member's id, a missing order or tutor.
    const stranger = await makePerson(app, { tutor: true })
    const bad = await s.c.raw.post('/admin/call/outcome_new', {
      order_id: order.orderId,
      recipient: 'tutor',
      recipient_id: stranger.tutorId,
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['recipient_id'])
    expect(
      (
        await s.c.raw.post('/admin/call/outcome_new', {
          order_id: order.orderId,
          recipient: 'client',
          recipient_id: order.clientId! + 1000,
        })
      ).status,
    ).toBe(422)
    const other = await makeStaff(app, 1)
    expect(
      (
        await s.c.raw.post('/admin/call/outcome_new', {
          order_id: order.orderId,
          recipient: 'client',
          recipient_id: order.clientId,
          admin_id: other.id,
        })
      ).status,
    ).toBe(403)
    expect(
      (await s.c.raw.post('/admin/call/outcome_new', { order_id: 999999, recipient: 'client', recipient_id: 1 }))
        .status,
    ).toBe(404)
    expect((await s.c.raw.post('/admin/call/outcome_call_to_tutor', { tutor_id: 999999 })).status).toBe(404)
    // A tutor without a phone: a 422 naming the field.
    const phoneless = await makePerson(app, { tutor: true })
    await app.services.db.updateTable('people').set({ phone: null }).where('id', '=', phoneless.personId).execute()
    const np = await s.c.raw.post('/admin/call/outcome_call_to_tutor', { tutor_id: phoneless.tutorId })
    expect(np.status).toBe(422)
    expect(Object.keys(fieldErrors(np.json))).toEqual(['tutor_id'])
  })

  test('anonymising a tutor erases their number from the calls', async () => {
    const s = await staff(app, 1)
    const tutor = await makePerson(app, { tutor: true })
    const p = inbound(e164(tutor.phone))
    await webhook(app, { provider: 'local', kind: 'voice', params: p, token: token() })
    const out = await s.c.api.post('/admin/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId! })
    expect((await s.c.api.post('/admin/tutor/anonymization_delete', { tutor_id: tutor.tutorId! })).status).toBe(200)
    const rows = await app.services.db
      .selectFrom('calls')
      .select(['from_number', 'to_number'])
      .where('id', 'in', [out.json.data.id])
      .execute()
    const income = await app.services.db
      .selectFrom('calls')
      .select(['from_number'])
      .where('provider_call_id', '=', p.CallSid)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify([rows, income])).not.toContain(tutor.phone)
  })

  test('access: the calls area (staff 1, 2, 4); staff 3, tutors, clients and anonymous refused', async () => {
    for (const status of [1, 2, 4] as const)
      expect(
        (await (await staff(app, status)).c.api.post('/admin/telephony/incomes/get', { page: 1, filters: {} })).status,
      ).toBe(200)
    const s3 = (await staff(app, 3)).c
    expect((await s3.api.post('/admin/telephony/incomes/get', { page: 1, filters: {} })).status).toBe(403)
    expect((await s3.raw.post('/admin/call/outcome_call_to_tutor', { tutor_id: 1 })).status).toBe(403)
    expect((await s3.raw.post('/admin/income/delete?id=1')).status).toBe(403)
    const tutor = await makePerson(app, { tutor: true })
    const tc = await signedIn(app, { tutor: tutor.email })
    expect((await tc.raw.post('/admin/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId })).status).toBe(403)
    expect((await new Client(app.url).raw.post('/admin/telephony/incomes/get', { page: 1 })).status).toBe(401)
    expect(
      (
        await new Client(app.url).raw.post('/admin/call/outcome_new', {
          order_id: 1,
          recipient: 'client',
          recipient_id: 1,
        })
      ).status,
    ).toBe(401)
  })

  test('bad input is a 4xx in the envelope', async () => {
    const s = (await staff(app, 1)).c
    expect((await s.raw.post('/admin/telephony/incomes/get', { page: 'x' })).status).toBe(400)
    expect((await s.raw.post('/admin/telephony/incomes/get', { page: 1, filters: { admin_id: '1e0' } })).status).toBe(
      400,
    )
    expect(
      (await s.raw.post('/admin/telephony/incomes/get', { page: 1, filters: { who_calls: { recipient: 'boss' } } }))
        .status,
    ).toBe(422)
    expect((await s.raw.post('/admin/income/delete?id=abc')).status).toBe(400)
    expect((await s.raw.post('/admin/income/delete')).status).toBe(422)
    const r = await s.raw.post('/admin/call/outcome_new', { order_id: 1, recipient: 'boss', recipient_id: 1 })
    expect(r.status).toBe(422)
    expect(Object.keys(fieldErrors(r.json))).toEqual(['recipient'])
    expect((await s.raw.post('/admin/call/outcome_to_income', { call_id: true })).status).toBe(400)
    expect((await s.raw.post('/admin/call/outcome_call_to_tutor', {})).status).toBe(422)
  })
})

describe('telephony: the Twilio module', () => {
  test("outgoing calls go to Twilio's Calls API (basic auth, form); Twilio-signed webhooks are accepted, others refused", async () => {
    const seen: { path: string; auth: string | null; form: URLSearchParams }[] = []
    let fail = false
    const fake = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        const form = new URLSearchParams(await req.text())
        seen.push({ path: new URL(req.url).pathname, auth: req.headers.get('authorization'), form })
        if (fail)
          return Response.json(
            { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
            { status: 400 },
          )
        return Response.json(
          { sid: `CA${'f'.repeat(32)}`, status: 'queued', to: form.get('To'), from: form.get('From') },
          { status: 201 },
        )
      },
    })
    const env = {
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token-test',
      TWILIO_VOICE_FROM: '+380441112233',
      TWILIO_VOICE_OPERATOR: '+380501112233',
      TWILIO_API_URL: `http://127.0.0.1:${fake.port}`,
    }
    try {
      await withTestApp({ env }, async (app) => {
        expect(app.services.telephony.id).toBe('twilio')
        const s = await staff(app, 1)
        const tutor = await makePerson(app, { tutor: true })
        const call = await s.c.api.post('/admin/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId! })
        expect(call.status).toBe(200)
        expect(call.json.data).toMatchObject({
          provider: 'twilio',
          provider_call_id: `CA${'f'.repeat(32)}`,
          status: 'queued',
          to: e164(tutor.phone),
        })
        expect(seen).toHaveLength(1)
        expect(seen[0]!.path).toBe(`/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Calls.json`)
        expect(seen[0]!.auth).toBe(`Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`)
        expect(seen[0]!.form.get('To')).toBe(e164(tutor.phone))
        expect(seen[0]!.form.get('From')).toBe(env.TWILIO_VOICE_FROM)
        expect(seen[0]!.form.get('Twiml')).toContain(`<Number>${env.TWILIO_VOICE_OPERATOR}</Number>`)
        expect(seen[0]!.form.get('StatusCallback')).toBe(`${app.url}/api/telephony/twilio/status`)
        expect(seen[0]!.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed'])

        // Twilio reports the call's progress, signed with the auth token.
        const done = await webhook(app, {
          provider: 'twilio',
          kind: 'status',
          token: env.TWILIO_AUTH_TOKEN,
          params: {
            CallSid: `CA${'f'.repeat(32)}`,
            CallStatus: 'completed',
            CallDuration: '17',
            Direction: 'outbound-api',
            From: env.TWILIO_VOICE_FROM,
            To: e164(tutor.phone),
          },
        })
        expect(done.status).toBe(200)
        expect(
          await app.services.db
            .selectFrom('calls')
            .select(['status', 'duration'])
            .where('id', '=', call.json.data.id)
            .executeTakeFirstOrThrow(),
        ).toEqual({ status: 'completed', duration: 17 })

        // An incoming call, signed with the auth token, is answered with TwiML that puts it through.
        const p = inbound(e164(tutor.phone))
        const voice = await webhook(app, { provider: 'twilio', kind: 'voice', token: env.TWILIO_AUTH_TOKEN, params: p })
        expect(voice.status).toBe(200)
        expect(voice.text).toContain(
          `<Dial callerId="${env.TWILIO_VOICE_FROM}"><Number>${env.TWILIO_VOICE_OPERATOR}</Number></Dial>`,
        )
        expect(
          await app.services.db
            .selectFrom('calls')
            .select(['provider', 'recipient', 'recipient_id'])
            .where('provider_call_id', '=', p.CallSid)
            .executeTakeFirstOrThrow(),
        ).toEqual({ provider: 'twilio', recipient: 'tutor', recipient_id: tutor.tutorId })
        expect(
          (
            await webhook(app, {
              provider: 'twilio',
              kind: 'voice',
              token: 'another-token',
              params: inbound('+380934444444'),
            })
          ).status,
        ).toBe(403)
        expect(
          (
            await webhook(app, {
              provider: 'local',
              kind: 'voice',
              token: env.TWILIO_AUTH_TOKEN,
              params: inbound('+380934444444'),
            })
          ).status,
        ).toBe(404)

        // Twilio refuses the call: it is kept as failed, the staff call answers it.
        fail = true
        const refused = await s.c.api.post('/admin/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId! })
        expect(refused.status).toBe(200)
        expect(refused.json.data).toMatchObject({ status: 'failed', provider_call_id: null })
      })
    } finally {
      fake.stop(true)
    }
  })
})
