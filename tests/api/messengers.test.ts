// Service messages by Viber (msg_service 1, Infobip) and WhatsApp (msg_service 3, Twilio) through
// POST /admin/order/chat/send_service_message: without the providers' keys the text stays in the
// outbox; with them the durable outbox job sends it to a local fake of each API (which checks the auth
// header, path and body as the real one does), and the provider's message id and status — or its
// error, then the retry — are recorded on the outbox row the chat message points at
// (docs/operations.md#messages-sms-viber-whatsapp).
import { afterAll, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/app'
import type { RestReply } from '../helpers/api'
import { type Parties, chatParties } from '../helpers/chat'
import { MESSENGER_KEYS, startMessengerFake } from '../helpers/messenger-fakes'
import { waitFor } from '../helpers/wait'
import type { TestApp } from '../helpers/app'

async function sendService(app: TestApp, p: Parties, msgService: 1 | 3, text: string) {
  const form = new FormData()
  form.set('order_id', String(p.orderId))
  form.set('msg_service', String(msgService))
  form.set('msg_text', text)
  const res = await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: form })
  expect(res.status).toBe(200)
  const id = (res.json as RestReply<'/admin/order/chat/send_service_message'>).data.id
  const message = await app.services.db
    .selectFrom('chat_messages')
    .select(['msg_service', 'outbox_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  expect(message.msg_service).toBe(msgService)
  expect(message.outbox_id).toBeNumber()
  return message.outbox_id!
}

const outboxRow = (app: TestApp, id: number) =>
  app.services.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('without the providers’ keys', () => {
  const app = useTestApp()

  test('Viber and WhatsApp texts stay in the outbox, addressed to the client’s phone', async () => {
    const p = await chatParties(app)
    const viber = await outboxRow(app, await sendService(app, p, 1, 'Viber: your tutor is waiting'))
    expect(viber).toMatchObject({
      channel: 'viber',
      transport: 'outbox',
      status: 'stored',
      body: 'Viber: your tutor is waiting',
    })
    expect(viber.recipient.endsWith(p.client.phone)).toBe(true)
    const whatsapp = await outboxRow(app, await sendService(app, p, 3, 'WhatsApp: your tutor is waiting'))
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', transport: 'outbox', status: 'stored' })
    expect(app.services.messengers.viber.transport).toBe('outbox')
  })
})

describe('with Infobip and Twilio keys (local fakes of both APIs)', () => {
  const fake = startMessengerFake()
  afterAll(() => fake.stop())
  const app = useTestApp({ jobs: true, env: fake.env })

  test('WhatsApp goes through Twilio’s Messages API; its sid and status are recorded', async () => {
    const p = await chatParties(app)
    const id = await sendService(app, p, 3, 'Ваш репетитор чекає на дзвінок')
    const row = await waitFor(
      async () => {
        const r = await outboxRow(app, id)
        return r.status === 'sent' ? r : null
      },
      { what: 'the WhatsApp message sent', timeout: 15_000 },
    )
    const sent = fake.sent.find((m) => m.provider === 'twilio' && m.text === 'Ваш репетитор чекає на дзвінок')!
    expect(sent.to).toBe(`whatsapp:${row.recipient.startsWith('+') ? '' : '+'}${row.recipient}`)
    expect(sent.from).toBe(`whatsapp:${MESSENGER_KEYS.twilio.from}`)
    expect(row).toMatchObject({
      transport: 'twilio',
      provider_message_id: sent.id,
      provider_status: 'queued',
      error: null,
    })
  })

  test('Viber goes through Infobip; an outage is recorded on the row, then the job’s retry sends it', async () => {
    const p = await chatParties(app)
    fake.failNext('infobip', 1, 503)
    const id = await sendService(app, p, 1, 'Viber after an outage')
    const failed = await waitFor(
      async () => {
        const r = await outboxRow(app, id)
        return r.error ? r : null
      },
      { what: 'the failed first attempt recorded', timeout: 15_000 },
    )
    expect(failed.error).toContain('infobip: HTTP 503')
    const row = await waitFor(
      async () => {
        const r = await outboxRow(app, id)
        return r.status === 'sent' ? r : null
      },
      { what: 'the retried Viber message sent', timeout: 30_000 },
    )
    const sent = fake.sent.find((m) => m.provider === 'infobip' && m.text === 'Viber after an outage')!
    expect(sent.to).toBe(row.recipient.replace(/^\+/, ''))
    expect(sent.from).toBe(MESSENGER_KEYS.infobip.sender)
    expect(row).toMatchObject({
      transport: 'infobip',
      attempts: 2,
      provider_message_id: sent.id,
      provider_status: 'PENDING_ACCEPTED',
      error: null,
    })
  })

  test('a refusal (Twilio 400 with its error) is recorded with what the provider said', async () => {
    const p = await chatParties(app)
    fake.failNext('twilio', 1000, 400)
    const id = await sendService(app, p, 3, 'refused')
    const row = await waitFor(
      async () => {
        const r = await outboxRow(app, id)
        return r.error ? r : null
      },
      { what: 'the refusal recorded', timeout: 15_000 },
    )
    expect(row.status).toBe('failed')
    expect(row.error).toContain('twilio: HTTP 400')
    expect(row.error).toContain('fake outage')
    expect(fake.sent.some((m) => m.text === 'refused')).toBe(false)
    fake.failNext('twilio', 0, 400)
  })
})
