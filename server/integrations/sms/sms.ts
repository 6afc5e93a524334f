// SMS goes through this interface. Locally (no TWILIO_* settings) messages are stored in the outbox
// table; with them, a durable job (server/jobs/outbox.ts) calls Twilio's Messages API, with retries.
import type { Db } from '../../../db/client'
import type { OutboxQueue, OutboxTransport } from '../../jobs/outbox'

/** The event an SMS is for: a stored template of it replaces the text (server/domain/messages/send.ts). */
export interface SmsEventRef {
  name: string
  locale: string
  params: Record<string, string | number>
}

export interface SmsSender {
  readonly transport: 'outbox' | 'twilio'
  send(to: string, text: string, event?: SmsEventRef): Promise<void>
}

export function outboxSms(db: Db): SmsSender {
  return {
    transport: 'outbox',
    async send(to, text) {
      await db.insertInto('outbox').values({ channel: 'sms', recipient: to, body: text, transport: 'outbox' }).execute()
    },
  }
}

export interface TwilioConfig {
  accountSid: string
  authToken: string
  from: string
  /** Overridable for tests against a local HTTP server. */
  baseUrl?: string
}

/** With TWILIO_*: the row is committed as `queued` and a durable job sends it (server/jobs/outbox.ts). */
export function twilioSms(db: Db, queue: OutboxQueue): SmsSender {
  return {
    transport: 'twilio',
    async send(to, text) {
      const row = await db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: to, body: text, transport: 'twilio', status: 'queued' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await queue.enqueue(row.id)
    },
  }
}

/** Twilio's Messages API (form POST with basic auth), called by the delivery worker for an SMS row. */
export function twilioTransport(cfg: TwilioConfig): OutboxTransport {
  const base = cfg.baseUrl ?? 'https://api.twilio.com'
  return async (row) => {
    const res = await fetch(`${base}/2010-04-01/Accounts/${cfg.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${cfg.accountSid}:${cfg.authToken}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: row.recipient, From: cfg.from, Body: row.body }),
      signal: AbortSignal.timeout(30_000),
    })
    if (!res.ok) throw new Error(`twilio: HTTP ${res.status}`)
    // The message's sid and status, kept on the outbox row to match Twilio's logs.
    const answer = (await res.json().catch(() => ({}))) as { sid?: string; status?: string }
    return { providerMessageId: answer.sid ?? null, providerStatus: answer.status ?? null }
  }
}
