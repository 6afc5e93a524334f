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
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp'
  send(message: MailMessage): Promise<void>
}

export function outboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(m) {
      await db.insertInto('outbox').values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, transport: 'outbox' }).execute()
    },
  }
}

export function smtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    transport: 'smtp',
    async send(m) {
      const row = await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, html: m.html ?? null, transport: 'smtp', status: 'sending' })
        .returning('id')
        .executeTakeFirstOrThrow()
      try {
        await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html })
        await db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', row.id).execute()
      } catch (err) {
        await db.updateTable('outbox').set({ status: 'failed', error: String(err).slice(0, 500) }).where('id', '=', row.id).execute()
        throw err
      }
    },
  }
}
