// E-mail goes through this interface. Every message is recorded in the outbox table, whatever the
// transport: with no SMTP_URL it stays there (scripts/outbox.ts prints it); with SMTP_URL it is also
// delivered by nodemailer, the maintained SMTP client for Node and Bun.
import nodemailer from 'nodemailer'
import type { Db } from '../../../db/client'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** The sender ("Name <address>"); the site's MAIL_FROM when absent. */
  from?: string
  /** Deliver through this SMTP server (an e-mail profile's) instead of the site's transport. */
  smtpUrl?: string
  /** The event the message is for: a stored template of it replaces subject and text (server/domain/messages/send.ts). */
  event?: { name: string; locale: string; params: Record<string, string | number> }
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp'
  send(message: MailMessage): Promise<void>
}

export function outboxMailer(db: Db, from = 'no-reply@localhost'): Mailer {
  return {
    transport: 'outbox',
    async send(m) {
      // A profile's own SMTP server delivers even where the site has none.
      if (m.smtpUrl) return smtpMailer(db, m.smtpUrl, from).send(m)
      await db.insertInto('outbox').values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, transport: 'outbox' }).execute()
    },
  }
}

type Transporter = ReturnType<typeof nodemailer.createTransport>
const transporters = new Map<string, Transporter>()
function transporterFor(smtpUrl: string): Transporter {
  let t = transporters.get(smtpUrl)
  if (!t) {
    if (transporters.size > 50) transporters.clear()
    t = nodemailer.createTransport(smtpUrl)
    transporters.set(smtpUrl, t)
  }
  return t
}

export function smtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  return {
    transport: 'smtp',
    async send(m) {
      const row = await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, transport: 'smtp', status: 'sending' })
        .returning('id')
        .executeTakeFirstOrThrow()
      try {
        await transporterFor(m.smtpUrl ?? smtpUrl).sendMail({ from: m.from ?? from, to: m.to, subject: m.subject, text: m.text, html: m.html })
        await db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', row.id).execute()
      } catch (err) {
        await db.updateTable('outbox').set({ status: 'failed', error: String(err).slice(0, 500) }).where('id', '=', row.id).execute()
        throw err
      }
    },
  }
}
