// SMS goes through this interface. Locally (no TWILIO_* settings) messages are stored in the outbox
// table; with them, Twilio's Messages API is called (form POST with basic auth) and the send recorded.
import type { Db } from '../../../db/client'

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

export function twilioSms(db: Db, cfg: TwilioConfig): SmsSender {
  const base = cfg.baseUrl ?? 'https://api.twilio.com'
  return {
    transport: 'twilio',
    async send(to, text) {
      const row = await db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: to, body: text, transport: 'twilio', status: 'sending' })
        .returning('id')
        .executeTakeFirstOrThrow()
      const res = await fetch(`${base}/2010-04-01/Accounts/${cfg.accountSid}/Messages.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${cfg.accountSid}:${cfg.authToken}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: cfg.from, Body: text }),
      })
      const status = res.ok ? 'sent' : 'failed'
      await db.updateTable('outbox').set({ status, error: res.ok ? null : `HTTP ${res.status}` }).where('id', '=', row.id).execute()
      if (!res.ok) throw new Error(`twilio: HTTP ${res.status}`)
    },
  }
}
