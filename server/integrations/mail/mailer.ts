// E-mail goes through this interface. Every message is recorded in the outbox table, whatever the
// transport: with no SMTP_URL it stays there (scripts/outbox.ts prints it); with SMTP_URL a durable
// job (server/jobs/outbox.ts, pg-boss) delivers it by nodemailer, the maintained SMTP client for Node and Bun.
import nodemailer from 'nodemailer'
import type { Db } from '../../../db/client'
import { jsonb } from '../../../db/jsonb'
import type { OutboxQueue, OutboxTransport } from '../../jobs/outbox'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** The sender ("Name <address>"); the site's MAIL_FROM when absent. */
  from?: string
  /** Deliver through this SMTP server (an e-mail profile's) instead of the site's transport. */
  smtpUrl?: string
  /** Extra headers sent with the message (a marketing mail's List-Unsubscribe pair); kept on the outbox row. */
  headers?: Record<string, string>
  /** The event the message is for: a stored template of it replaces subject and text (server/domain/messages/send.ts). */
  event?: { name: string; locale: string; params: Record<string, string | number> }
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp'
  /** Stores the message (and with SMTP, queues its delivery). `at`: not before then (a scheduled send). */
  send(message: MailMessage, opts?: { at?: Date }): Promise<void>
}

export function outboxMailer(db: Db, from = 'no-reply@localhost'): Mailer {
  return {
    transport: 'outbox',
    async send(m) {
      // A profile's own SMTP server delivers even where the site has none.
      if (m.smtpUrl) return sendNow(db, m, m.smtpUrl, from)
      await db.insertInto('outbox').values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, headers: headersOf(m), transport: 'outbox' }).execute()
    },
  }
}

/**
 * With SMTP_URL: the row is committed as `queued` and a durable job delivers it (server/jobs/outbox.ts),
 * with retries while the SMTP server is down; send() returns once the row is stored. `at` schedules it.
 */
export function smtpMailer(db: Db, queue: OutboxQueue, site: { smtpUrl: string; from: string }): Mailer {
  return {
    transport: 'smtp',
    async send(m, opts) {
      // A message of an e-mail profile (its own sender or server) is sent at once, not queued: the
      // queue's worker knows the site's transport only (README "Background jobs": left to do).
      if (m.smtpUrl || m.from) return sendNow(db, m, m.smtpUrl ?? site.smtpUrl, site.from)
      const at = opts?.at && opts.at.getTime() > Date.now() ? opts.at : null
      const row = await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, headers: headersOf(m), transport: 'smtp', status: 'queued', send_after: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      await queue.enqueue(row.id, at)
    },
  }
}

const headersOf = (m: MailMessage) => (m.headers && Object.keys(m.headers).length ? jsonb(m.headers) : null)

/** The headers kept on an outbox row (jsonb: an object of strings), for the transport. */
export function storedHeaders(v: unknown): Record<string, string> | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

type Transporter = ReturnType<typeof nodemailer.createTransport>
const transporters = new Map<string, Transporter>()
function transporterFor(smtpUrl: string): Transporter {
  let t = transporters.get(smtpUrl)
  if (!t) {
    if (transporters.size > 50) transporters.clear()
    t = nodemailer.createTransport(withTimeouts(smtpUrl))
    transporters.set(smtpUrl, t)
  }
  return t
}

/** Delivers one message now through the given server, recording it in the outbox; a failure is thrown to the caller. */
async function sendNow(db: Db, m: MailMessage, smtpUrl: string, from: string) {
  const row = await db
    .insertInto('outbox')
    .values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, headers: headersOf(m), transport: 'smtp', status: 'sending' })
    .returning('id')
    .executeTakeFirstOrThrow()
  try {
    await transporterFor(smtpUrl).sendMail({ from: m.from ?? from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers })
    await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.id).execute()
  } catch (err) {
    await db.updateTable('outbox').set({ status: 'failed', error: String(err).slice(0, 500) }).where('id', '=', row.id).execute()
    throw err
  }
}

/** The SMTP transport the delivery worker calls for an e-mail row (nodemailer, bounded timeouts). */
export function smtpTransport(smtpUrl: string, from: string): OutboxTransport {
  const transporter = nodemailer.createTransport(withTimeouts(smtpUrl))
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'
  return async (row) => {
    await transporter.sendMail({
      from,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      html: row.html ?? undefined,
      headers: storedHeaders(row.headers),
      // The same id on every try of one row: a receiver can drop a copy (server/jobs/outbox.ts).
      messageId: `<outbox-${row.id}-${new Date(row.created_at).getTime()}@${domain}>`,
    })
  }
}

/** Bounded waits (nodemailer reads them from the URL's query): a dead server fails a try in seconds, not minutes. */
function withTimeouts(smtpUrl: string): string {
  const u = new URL(smtpUrl)
  for (const [k, v] of [['connectionTimeout', '10000'], ['greetingTimeout', '10000'], ['socketTimeout', '30000']] as const) if (!u.searchParams.has(k)) u.searchParams.set(k, v)
  return u.toString()
}
