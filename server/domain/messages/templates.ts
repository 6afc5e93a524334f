// E-mail and SMS templates (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS"): one per event
// and language. The schemas (common/schemas/admin/messages.schema.ts) refuse an unknown {variable}; the
// sends (send.ts) use the stored template of their event and language instead of the built-in text.
// `send_test` renders a template with sample values and sends it to the signed-in staff member through
// the template's profile (its SMTP server) or the site's transport. Every change is audited.
import { sql } from 'kysely'
import { FieldErrors, isUniqueViolation, notFound } from '../../../common/errors'
import type { Locale } from '../../../common/editions'
import {
  type MailEvent,
  type SmsEvent,
  SAMPLE_VALUES,
  mailVariables,
  renderTemplate,
  smsVariables,
} from '../../../common/message-templates'
import type { EmailTemplate, SmsTemplate } from '../../../common/schemas/admin/messages.schema'
import { msg } from '../../../i18n/format'
import type { Mailer } from '../../integrations/mail/mailer'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { profileSender } from './email-profiles'

const PAGE = 20
const taken = (field: string) => new FieldErrors({ [field]: [msg('validation.taken')] })

// ——— e-mail templates ———

interface EmailFields {
  event: MailEvent
  locale: Locale
  subject: string
  body: string
  profile_id: number | null
}

const emailQuery = (db: Executor) =>
  db
    .selectFrom('email_templates as e')
    .leftJoin('email_profiles as p', 'p.id', 'e.profile_id')
    .select([
      'e.id',
      'e.event',
      'e.locale',
      'e.subject',
      'e.body',
      'e.profile_id',
      'p.name as profile_name',
      'e.created_at',
      'e.updated_at',
    ])

type EmailRow = Awaited<ReturnType<ReturnType<typeof emailQuery>['executeTakeFirstOrThrow']>>

const emailAnswer = (r: EmailRow): EmailTemplate => ({
  id: r.id,
  event: r.event as MailEvent,
  locale: r.locale as Locale,
  subject: r.subject,
  body: r.body,
  profile_id: r.profile_id,
  profile_name: r.profile_name,
  variables: [...mailVariables(r.event as MailEvent)],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

async function emailRow(db: Executor, id: number) {
  const row = await emailQuery(db).where('e.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** POST /admin/email/emails/get {page, filters: {event?, locale?}} */
export async function listEmailTemplates(
  scope: Scope,
  input: { page: number; filters: { event?: MailEvent; locale?: Locale } },
) {
  let q = scope.db.selectFrom('email_templates')
  if (input.filters.event) q = q.where('event', '=', input.filters.event)
  if (input.filters.locale) q = q.where('locale', '=', input.filters.locale)
  const ids = q.select('id')
  const [rows, total] = await Promise.all([
    emailQuery(scope.db)
      .where('e.id', 'in', ids)
      .orderBy('e.event')
      .orderBy('e.locale')
      .orderBy('e.id')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(emailAnswer), total: total.n, page: input.page }
}

/** GET /admin/email/email/get?id */
export async function getEmailTemplate(scope: Scope, input: { id: number }): Promise<EmailTemplate> {
  return emailAnswer(await emailRow(scope.db, input.id))
}

async function checkProfile(db: Executor, id: number | null) {
  if (id === null) return
  const p = await db.selectFrom('email_profiles').select('id').where('id', '=', id).executeTakeFirst()
  if (!p) throw new FieldErrors({ 'email.profile_id': [msg('validation.invalid')] })
}

/** POST /admin/email/email/create {email} (one template per event and language: a second is 'taken'). */
export async function createEmailTemplate(scope: Scope, input: { email: EmailFields }): Promise<EmailTemplate> {
  const e = input.email
  try {
    return await scope.db.transaction().execute(async (trx) => {
      await checkProfile(trx, e.profile_id)
      const { id } = await trx
        .insertInto('email_templates')
        .values({ event: e.event, locale: e.locale, subject: e.subject, body: e.body, profile_id: e.profile_id })
        .returning('id')
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'email_template.create',
        entity: 'email_template',
        id,
        data: { event: e.event, locale: e.locale },
      })
      return emailAnswer(await emailRow(trx, id))
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('email.event')
    throw err
  }
}

/** POST /admin/email/email/save {id, email} */
export async function saveEmailTemplate(
  scope: Scope,
  input: { id: number; email: EmailFields },
): Promise<EmailTemplate> {
  const e = input.email
  try {
    return await scope.db.transaction().execute(async (trx) => {
      await checkProfile(trx, e.profile_id)
      const row = await trx
        .updateTable('email_templates')
        .set({
          event: e.event,
          locale: e.locale,
          subject: e.subject,
          body: e.body,
          profile_id: e.profile_id,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', input.id)
        .returning('id')
        .executeTakeFirst()
      if (!row) throw notFound()
      await audit(trx, scope.actor, {
        action: 'email_template.save',
        entity: 'email_template',
        id: row.id,
        data: { event: e.event, locale: e.locale },
      })
      return emailAnswer(await emailRow(trx, row.id))
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('email.event')
    throw err
  }
}

/** POST /admin/email/email/delete?id: the event is then sent with its built-in text again. */
export async function deleteEmailTemplate(scope: Scope, input: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('email_templates')
      .where('id', '=', input.id)
      .returning(['id', 'event', 'locale'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'email_template.delete',
      entity: 'email_template',
      id: row.id,
      data: { event: row.event, locale: row.locale },
    })
    return { deleted: true as const }
  })
}

/** The values every template may use beside its event's own. */
export function commonValues(siteName: string, siteUrl: string): Record<string, string> {
  return { site: siteName, site_url: siteUrl }
}

/**
 * POST /admin/email/email/send_test {id}: the template rendered with sample values, sent now to the
 * signed-in staff member's e-mail through the template's profile or the site's transport. A transport
 * failure is the call's error (the staff member is told), never a silent success.
 */
export async function sendTestEmail(
  scope: Scope,
  input: { id: number },
  io: { mail: Mailer; key: () => Buffer; siteUrl: string },
) {
  const tpl = await emailRow(scope.db, input.id)
  const staff =
    scope.actor.kind === 'staff' && scope.actor.id
      ? await scope.db.selectFrom('staff').select('email').where('id', '=', scope.actor.id).executeTakeFirst()
      : undefined
  if (!staff) throw notFound()
  const values = { ...SAMPLE_VALUES, ...commonValues(scope.edition.siteName, io.siteUrl) }
  const sender = tpl.profile_id ? await profileSender(scope.db, tpl.profile_id, io.key) : null
  // Sent as rendered here: no `event`, so the send wrapper does not look the template up again.
  await io.mail.send({
    to: staff.email,
    subject: renderTemplate(tpl.subject, values),
    text: renderTemplate(tpl.body, values),
    ...(sender ?? {}),
  })
  await audit(scope.db, scope.actor, {
    action: 'email_template.send_test',
    entity: 'email_template',
    id: tpl.id,
    data: { to: staff.email },
  })
  const transport: 'outbox' | 'smtp' = sender?.smtpUrl || io.mail.transport === 'smtp' ? 'smtp' : 'outbox'
  return { sent: true as const, to: staff.email, transport }
}

// ——— SMS templates ———

interface SmsFields {
  event: SmsEvent
  locale: Locale
  body: string
}
const SMS_COLUMNS = ['id', 'event', 'locale', 'body', 'created_at', 'updated_at'] as const
type SmsRow = { id: number; event: string; locale: string; body: string; created_at: Date; updated_at: Date }

const smsAnswer = (r: SmsRow): SmsTemplate => ({
  id: r.id,
  event: r.event as SmsEvent,
  locale: r.locale as Locale,
  body: r.body,
  variables: [...smsVariables(r.event as SmsEvent)],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

/** POST /admin/smslist/get {page, filters: {event?, locale?}} */
export async function listSmsTemplates(
  scope: Scope,
  input: { page: number; filters: { event?: SmsEvent; locale?: Locale } },
) {
  let q = scope.db.selectFrom('sms_templates')
  if (input.filters.event) q = q.where('event', '=', input.filters.event)
  if (input.filters.locale) q = q.where('locale', '=', input.filters.locale)
  const [rows, total] = await Promise.all([
    q
      .select(SMS_COLUMNS)
      .orderBy('event')
      .orderBy('locale')
      .orderBy('id')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(smsAnswer), total: total.n, page: input.page }
}

/** GET /admin/sms/get?id */
export async function getSmsTemplate(scope: Scope, input: { id: number }): Promise<SmsTemplate> {
  const row = await scope.db
    .selectFrom('sms_templates')
    .select(SMS_COLUMNS)
    .where('id', '=', input.id)
    .executeTakeFirst()
  if (!row) throw notFound()
  return smsAnswer(row)
}

/** POST /admin/sms/create {sms} */
export async function createSmsTemplate(scope: Scope, input: { sms: SmsFields }): Promise<SmsTemplate> {
  const s = input.sms
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('sms_templates')
        .values({ event: s.event, locale: s.locale, body: s.body })
        .returning(SMS_COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, scope.actor, {
        action: 'sms_template.create',
        entity: 'sms_template',
        id: row.id,
        data: { event: s.event, locale: s.locale },
      })
      return smsAnswer(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('sms.event')
    throw err
  }
}

/** POST /admin/sms/save {id, sms} */
export async function saveSmsTemplate(scope: Scope, input: { id: number; sms: SmsFields }): Promise<SmsTemplate> {
  const s = input.sms
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('sms_templates')
        .set({ event: s.event, locale: s.locale, body: s.body, updated_at: sql<Date>`now()` })
        .where('id', '=', input.id)
        .returning(SMS_COLUMNS)
        .executeTakeFirst()
      if (!row) throw notFound()
      await audit(trx, scope.actor, {
        action: 'sms_template.save',
        entity: 'sms_template',
        id: row.id,
        data: { event: s.event, locale: s.locale },
      })
      return smsAnswer(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('sms.event')
    throw err
  }
}

/** POST /admin/sms/delete?id */
export async function deleteSmsTemplate(scope: Scope, input: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('sms_templates')
      .where('id', '=', input.id)
      .returning(['id', 'event', 'locale'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'sms_template.delete',
      entity: 'sms_template',
      id: row.id,
      data: { event: row.event, locale: row.locale },
    })
    return { deleted: true as const }
  })
}
