// Service messages through a messenger: Viber (msg_service 1) through Infobip's Viber Business
// Messages API, WhatsApp (msg_service 3) through Twilio's Messages API. Like SMS, a message is an
// outbox row first: locally (no keys) it stays there (`transport: outbox`, read with
// scripts/outbox.ts); with the keys it is committed `queued` and the durable delivery job
// (server/jobs/outbox.ts) hands it to the provider, records the provider's message id and status, and
// on a failure records the error and lets pg-boss retry. docs/operations.md#messages-sms-viber-whatsapp.
import type { Db } from '../../../db/client'
import type { OutboxQueue, OutboxTransport } from '../../jobs/outbox'

export type MessengerChannel = 'viber' | 'whatsapp'

export interface MessengerSender {
  readonly transport: 'outbox' | 'infobip' | 'twilio'
  /** Commits the message's outbox row (and its delivery job with a provider); answers the row's id. */
  send(to: string, text: string): Promise<{ outboxId: number }>
}

export type Messengers = Record<MessengerChannel, MessengerSender>

/** Without the provider's keys: the row is the message (status `stored`), as the SMS outbox does. */
export function outboxMessenger(db: Db, channel: MessengerChannel): MessengerSender {
  return {
    transport: 'outbox',
    async send(to, text) {
      const row = await db
        .insertInto('outbox')
        .values({ channel, recipient: to, body: text, transport: 'outbox' })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { outboxId: row.id }
    },
  }
}

/** With the keys: the row is committed `queued`, then its delivery job is sent (never inside a transaction). */
export function queuedMessenger(
  db: Db,
  queue: OutboxQueue,
  a: { channel: MessengerChannel; transport: 'infobip' | 'twilio' },
): MessengerSender {
  return {
    transport: a.transport,
    async send(to, text) {
      const row = await db
        .insertInto('outbox')
        .values({ channel: a.channel, recipient: to, body: text, transport: a.transport, status: 'queued' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await queue.enqueue(row.id)
      return { outboxId: row.id }
    },
  }
}

/** A provider's refusal, with what it said (kept on the outbox row as its error). */
async function refusal(provider: string, res: Response): Promise<Error> {
  const text = (await res.text().catch(() => '')).slice(0, 300)
  return new Error(`${provider}: HTTP ${res.status}${text ? ` ${text}` : ''}`)
}

const TIMEOUT_MS = 30_000

export interface TwilioWhatsAppConfig {
  accountSid: string
  authToken: string
  /** The WhatsApp sender approved in Twilio, E.164 (+14155238886); sent as whatsapp:+14155238886. */
  from: string
  /** TWILIO_API_URL: a local fake in tests. */
  baseUrl?: string
}

const whatsapp = (phone: string) => `whatsapp:${phone.startsWith('+') ? phone : `+${phone}`}`

/**
 * Twilio's Messages API for WhatsApp: a form POST to /2010-04-01/Accounts/{sid}/Messages.json with
 * HTTP Basic auth (account SID and auth token), To/From as `whatsapp:` addresses. Its answer (201)
 * carries the message's `sid` and `status` (queued, sent…); an error answer its `code` and `message`.
 */
export function twilioWhatsAppTransport(cfg: TwilioWhatsAppConfig): OutboxTransport {
  const base = cfg.baseUrl ?? 'https://api.twilio.com'
  return async (row) => {
    const res = await fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${cfg.accountSid}:${cfg.authToken}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: whatsapp(row.recipient), From: whatsapp(cfg.from), Body: row.body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) throw await refusal('twilio', res)
    const answer = (await res.json()) as { sid?: string; status?: string }
    return { providerMessageId: answer.sid ?? null, providerStatus: answer.status ?? null }
  }
}

export interface InfobipViberConfig {
  /** The account's own API base, e.g. https://xxxxx.api.infobip.com (a local fake in tests). */
  baseUrl: string
  apiKey: string
  /** The Viber sender (business name) registered with Infobip. */
  sender: string
}

/**
 * Infobip's Viber Business Messages API: POST {base}/viber/2/messages with `Authorization: App <key>`
 * and `{messages: [{sender, destinations: [{to}], content: {type: 'TEXT', text}}]}` (the number in
 * international form without '+'). Its answer lists each message's `messageId` and `status` (group
 * PENDING when accepted; REJECTED when refused, which is a failure here).
 */
export function infobipViberTransport(cfg: InfobipViberConfig): OutboxTransport {
  const base = cfg.baseUrl.replace(/\/+$/, '')
  return async (row) => {
    const res = await fetch(`${base}/viber/2/messages`, {
      method: 'POST',
      headers: {
        authorization: `App ${cfg.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        messages: [
          {
            sender: cfg.sender,
            destinations: [{ to: row.recipient.replace(/^\+/, '') }],
            content: { type: 'TEXT', text: row.body },
          },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) throw await refusal('infobip', res)
    const answer = (await res.json()) as {
      messages?: { messageId?: string; status?: { groupName?: string; name?: string; description?: string } }[]
    }
    const m = answer.messages?.[0]
    if (m?.status?.groupName === 'REJECTED')
      throw new Error(`infobip: ${m.status.name ?? 'REJECTED'} ${m.status.description ?? ''}`.trim())
    return { providerMessageId: m?.messageId ?? null, providerStatus: m?.status?.name ?? null }
  }
}
