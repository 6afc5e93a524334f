// One Bun.serve speaking the two messenger APIs the server sends service messages through, checking
// what the real ones check: Twilio's Messages API (HTTP Basic with the account SID and auth token, a
// form body with whatsapp: addresses, answering 201 with the message's sid) and Infobip's Viber
// Business Messages (`Authorization: App <key>`, a JSON body of messages, answering each messageId
// with a PENDING status). `failNext` makes the next requests of a provider fail with an HTTP status, to
// play an outage or a refusal. Every request it accepted is kept.

export const MESSENGER_KEYS = {
  twilio: { sid: 'AC0123456789abcdef0123456789abcdef', token: 'twilio-test-token', from: '+14155238886' },
  infobip: { key: 'infobip-test-key', sender: 'TutorsTest' },
} as const

export type MessengerProvider = 'twilio' | 'infobip'

export interface SentMessage {
  provider: MessengerProvider
  id: string
  to: string
  from: string
  text: string
}

export interface MessengerFake {
  url: string
  /** The environment that points the server's real messenger modules at this fake. */
  env: Record<string, string>
  sent: SentMessage[]
  /** Answers the next `times` requests of `provider` with `status` (and the provider's error body). */
  failNext(provider: MessengerProvider, times: number, status: number): void
  stop(): void
}

export function startMessengerFake(): MessengerFake {
  const sent: SentMessage[] = []
  const failures: Record<MessengerProvider, { times: number; status: number }> = {
    twilio: { times: 0, status: 500 },
    infobip: { times: 0, status: 500 },
  }
  let seq = 0
  const failing = (p: MessengerProvider) => {
    if (failures[p].times <= 0) return null
    failures[p].times--
    return failures[p].status
  }

  async function twilio(req: Request, sid: string): Promise<Response> {
    const { sid: accountSid, token } = MESSENGER_KEYS.twilio
    const error = (status: number, code: number, message: string) =>
      Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status })
    if (req.headers.get('authorization') !== `Basic ${btoa(`${accountSid}:${token}`)}` || sid !== accountSid)
      return error(401, 20003, 'Authenticate')
    if (!req.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return error(400, 20001, 'Unsupported content type')
    const form = new URLSearchParams(await req.text())
    const to = form.get('To') ?? ''
    const from = form.get('From') ?? ''
    if (!/^whatsapp:\+\d{6,15}$/.test(to)) return error(400, 21211, `Invalid 'To' Phone Number: ${to}`)
    if (from !== `whatsapp:${MESSENGER_KEYS.twilio.from}`)
      return error(400, 63007, 'Twilio could not find a Channel with the specified From address')
    if (!form.get('Body')) return error(400, 21602, 'Message body is required.')
    const status = failing('twilio')
    if (status) return error(status, status === 429 ? 20429 : 20500, 'Service unavailable (fake outage)')
    const id = `SM${String(++seq).padStart(32, '0')}`
    sent.push({ provider: 'twilio', id, to, from, text: form.get('Body')! })
    return Response.json(
      { sid: id, account_sid: accountSid, to, from, body: form.get('Body'), status: 'queued' },
      { status: 201 },
    )
  }

  async function infobip(req: Request): Promise<Response> {
    const error = (status: number, text: string) =>
      Response.json({ requestError: { serviceException: { messageId: 'BAD_REQUEST', text } } }, { status })
    if (req.headers.get('authorization') !== `App ${MESSENGER_KEYS.infobip.key}`)
      return error(401, 'Invalid login details')
    const body = (await req.json().catch(() => null)) as {
      messages?: { sender?: string; destinations?: { to?: string }[]; content?: { type?: string; text?: string } }[]
    } | null
    const m = body?.messages?.[0]
    const to = m?.destinations?.[0]?.to ?? ''
    if (!m || body!.messages!.length !== 1) return error(400, 'messages: one message expected')
    if (m.sender !== MESSENGER_KEYS.infobip.sender) return error(400, 'sender: unknown')
    if (!/^\d{6,15}$/.test(to)) return error(400, 'destinations[0].to: international number without +')
    if (m.content?.type !== 'TEXT' || !m.content.text) return error(400, 'content: TEXT with text expected')
    const status = failing('infobip')
    if (status) return error(status, 'Service unavailable (fake outage)')
    const id = `ib-${++seq}`
    sent.push({ provider: 'infobip', id, to, from: m.sender, text: m.content.text })
    return Response.json({
      bulkId: `bulk-${seq}`,
      messages: [
        {
          messageId: id,
          destination: to,
          status: {
            groupId: 1,
            groupName: 'PENDING',
            id: 26,
            name: 'PENDING_ACCEPTED',
            description: 'Message sent to next instance',
          },
        },
      ],
    })
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname
      if (req.method !== 'POST') return new Response('method not allowed', { status: 405 })
      const twilioPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
      if (twilioPath) return twilio(req, decodeURIComponent(twilioPath[1]!))
      if (path === '/viber/2/messages') return infobip(req)
      return new Response('not found', { status: 404 })
    },
  })
  const url = `http://127.0.0.1:${server.port}`
  return {
    url,
    env: {
      TWILIO_ACCOUNT_SID: MESSENGER_KEYS.twilio.sid,
      TWILIO_AUTH_TOKEN: MESSENGER_KEYS.twilio.token,
      TWILIO_WHATSAPP_FROM: MESSENGER_KEYS.twilio.from,
      TWILIO_API_URL: url,
      INFOBIP_BASE_URL: url,
      INFOBIP_API_KEY: MESSENGER_KEYS.infobip.key,
      INFOBIP_VIBER_SENDER: MESSENGER_KEYS.infobip.sender,
    },
    sent,
    failNext(provider, times, status) {
      failures[provider] = { times, status }
    },
    stop: () => server.stop(true),
  }
}
