// E-mail goes through this interface. Every message is recorded in the outbox table, whatever the
// transport: with no SMTP_URL it stays there (scripts/outbox.ts prints it); with SMTP_URL a durable
// job (server/jobs/outbox.ts, pg-boss) delivers it by nodemailer, the maintained SMTP client for Node and Bun.
import type nodemailer from 'nodemailer'
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
  /** Deliver now through this SMTP server instead of the site's transport (send_test of a profile's template). */
  smtpUrl?: string
  /** Extra headers sent with the message (a marketing mail's List-Unsubscribe pair); kept on the outbox row. */
  headers?: Record<string, string>
  /**
   * The e-mail profile of the template: the message is queued (outbox.profile_id) and the delivery
   * worker sends it with the profile's sender and SMTP server, read when it delivers (emailTransport).
   */
  profileId?: number
  /** The event the message is for: a stored template of it replaces subject and text (server/domain/messages/send.ts). */
  event?: { name: string; locale: string; params: Record<string, string | number> }
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp'
  /** Stores the message (and with SMTP, queues its delivery). `at`: not before then (a scheduled send). */
  send(message: MailMessage, opts?: { at?: Date }): Promise<void>
}

export function outboxMailer(db: Db, from = 'no-reply@localhost', queue?: OutboxQueue | null): Mailer {
  return {
    transport: 'outbox',
    async send(m, opts) {
      // A profile's own SMTP server delivers even where the site has none: queued when this process runs
      // the jobs (the server always does), else sent at once.
      if (m.smtpUrl && m.profileId && queue) return enqueue(db, queue, m, opts?.at)
      if (m.smtpUrl) return sendNow(db, m, m.smtpUrl, from)
      await db
        .insertInto('outbox')
        .values({
          channel: 'email',
          recipient: m.to,
          subject: m.subject,
          body: m.text,
          html: m.html ?? null,
          headers: headersOf(m),
          transport: 'outbox',
        })
        .execute()
    },
  }
}

/** Commits the message as `queued` (with its profile) and sends its delivery job; `at` schedules it. */
async function enqueue(db: Db, queue: OutboxQueue, m: MailMessage, when?: Date) {
  const at = when && when.getTime() > Date.now() ? when : null
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      html: m.html ?? null,
      headers: headersOf(m),
      transport: 'smtp',
      status: 'queued',
      send_after: at,
      profile_id: m.profileId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await queue.enqueue(row.id, at)
}

/**
 * With SMTP_URL: the row is committed as `queued` and a durable job delivers it (server/jobs/outbox.ts),
 * with retries while the SMTP server is down; send() returns once the row is stored. `at` schedules it.
 */
export function smtpMailer(db: Db, queue: OutboxQueue, site: { smtpUrl: string; from: string }): Mailer {
  return {
    transport: 'smtp',
    async send(m, opts) {
      // A message of an e-mail profile is queued with the profile's id; the worker picks its sender and
      // server (emailTransport). Only a message naming its server or sender and no profile (send_test) goes at once.
      if (!m.profileId && (m.smtpUrl || m.from)) return sendNow(db, m, m.smtpUrl ?? site.smtpUrl, site.from)
      await enqueue(db, queue, m, opts?.at)
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
/** nodemailer is loaded with the first SMTP transport: most processes never make one, and it costs every start. */
async function transporterFor(smtpUrl: string): Promise<Transporter> {
  let t = transporters.get(smtpUrl)
  if (!t) {
    if (transporters.size > 50) transporters.clear()
    const { default: mailer } = await import('nodemailer')
    t = mailer.createTransport(withTimeouts(smtpUrl))
    transporters.set(smtpUrl, t)
  }
  return t
}

/** Delivers one message now through the given server, recording it in the outbox; a failure is thrown to the caller. */
async function sendNow(db: Db, m: MailMessage, smtpUrl: string, from: string) {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      html: m.html ?? null,
      headers: headersOf(m),
      transport: 'smtp',
      status: 'sending',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  try {
    await (await transporterFor(smtpUrl)).sendMail({
      from: m.from ?? from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
    })
    await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.id).execute()
  } catch (err) {
    await db
      .updateTable('outbox')
      .set({ status: 'failed', error: String(err).slice(0, 500) })
      .where('id', '=', row.id)
      .execute()
    throw err
  }
}

/** A profile's sender and, when it has one, its SMTP URL in clear (server/domain/messages/email-profiles.ts profileSender). */
export type ProfileLookup = (profileId: number) => Promise<{ from: string; smtpUrl?: string } | null>

/**
 * The e-mail transport the delivery worker calls for a row (nodemailer, bounded timeouts): a row with
 * a profile goes with the profile's sender through the profile's SMTP server (the site's when the
 * profile has none); other rows, and rows whose profile was deleted, through the site's server. No
 * server at all is the try's error (retried).
 */
export function emailTransport(site: { smtpUrl?: string; from: string }, profile: ProfileLookup): OutboxTransport {
  const domain = /@([^>\s]+)/.exec(site.from)?.[1] ?? 'localhost'
  return async (row) => {
    const p = row.profile_id ? await profile(row.profile_id) : null
    const smtpUrl = p?.smtpUrl ?? site.smtpUrl
    if (!smtpUrl) throw new Error(`no SMTP server for outbox ${row.id}: the site has no SMTP_URL and its profile none`)
    await (await transporterFor(smtpUrl)).sendMail({
      from: p?.from ?? site.from,
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
  for (const [k, v] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '30000'],
  ] as const)
    if (!u.searchParams.has(k)) u.searchParams.set(k, v)
  return u.toString()
}
