// zod only: e-mail templates, e-mail profiles and SMS templates of the panel
// (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS"). A template's text may use only its
// event's {variables} (common/message-templates.ts): an unknown one is the field's 422, in the browser's form as on the
// server. A profile's SMTP URL is write-only: answers carry it masked (no password).
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../editions'
import {
  MAIL_EVENT_NAMES,
  SMS_EVENT_NAMES,
  mailVariables,
  smsVariables,
  unknownVariables,
} from '../../message-templates'
import { zEmail, zId, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')
const required = msg('validation.required')
const text = (max: number) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string({ error: invalid })
      .trim()
      .min(1, required)
      .max(max, msg('validation.length', { min: 1, max })),
  )

function checkVariables(allowed: readonly string[], value: string, path: string, ctx: z.RefinementCtx) {
  const unknown = unknownVariables(value, allowed)
  if (unknown.length)
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: msg('validation.unknown_variable', { name: `{${unknown[0]}}` }),
    })
}

// ——— e-mail templates ———

export const ZEmailTemplateFields = z
  .object({
    event: z.enum(MAIL_EVENT_NAMES, { error: invalid }),
    locale: z.enum(LOCALES, { error: invalid }),
    subject: text(200),
    body: text(20000),
    /** The sending profile (sender, SMTP server); null: the site's default. */
    profile_id: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zId.nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    if (!v.event) return
    checkVariables(mailVariables(v.event), v.subject ?? '', 'subject', ctx)
    checkVariables(mailVariables(v.event), v.body ?? '', 'body', ctx)
  })

export const ZEmailTemplateCreate = z.object({ email: ZEmailTemplateFields })
export const ZEmailTemplateSave = z.object({
  id: zId.optional(),
  email: ZEmailTemplateFields.and(z.object({ id: zId.optional() })),
})
export const ZTemplateId = z.object({ id: zId })
export const ZEmailTemplateList = z.object({
  page: zPage,
  filters: z
    .object({ event: z.enum(MAIL_EVENT_NAMES, { error: invalid }), locale: z.enum(LOCALES, { error: invalid }) })
    .partial()
    .default({}),
})
export type TEmailTemplateForm = z.input<typeof ZEmailTemplateFields>

export const ZEmailTemplate = z.strictObject({
  id: z.number(),
  event: z.enum(MAIL_EVENT_NAMES),
  locale: z.enum(LOCALES),
  subject: z.string(),
  body: z.string(),
  profile_id: z.number().nullable(),
  profile_name: z.string().nullable(),
  /** The {variables} the text may use. */
  variables: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type EmailTemplate = z.infer<typeof ZEmailTemplate>
export const ZEmailTemplateListAnswer = zPaged(ZEmailTemplate)
export const ZDeleted = z.strictObject({ deleted: z.literal(true) })
export const ZTestSent = z.strictObject({
  sent: z.literal(true),
  to: z.string(),
  transport: z.enum(['outbox', 'smtp']),
})

// ——— e-mail profiles ———

/** smtp:// or smtps://, with a host. */
const isSmtpUrl = (v: string) => {
  try {
    const u = new URL(v)
    return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== ''
  } catch {
    return false
  }
}
const zSmtpUrl = z.preprocess(
  (v) => v ?? '',
  z
    .string({ error: invalid })
    .trim()
    .max(500, invalid)
    .refine((v) => v === '' || isSmtpUrl(v), invalid),
)

export const ZEmailProfileFields = z.object({
  name: text(100),
  from_name: text(100),
  from_email: zEmail,
  /** smtp[s]://user:password@host:port; '' on save keeps the stored one (on create: the site's SMTP_URL). */
  smtp_url: zSmtpUrl.optional(),
})
export const ZEmailProfileCreate = z.object({ profile: ZEmailProfileFields })
export const ZEmailProfileSave = z.object({
  id: zId.optional(),
  profile: ZEmailProfileFields.extend({ id: zId.optional() }),
})
export const ZProfileList = z.object({ page: zPage })
export type TEmailProfileForm = z.input<typeof ZEmailProfileFields>

export const ZEmailProfile = z.strictObject({
  id: z.number(),
  name: z.string(),
  from_name: z.string(),
  from_email: z.string(),
  /** The SMTP URL without its password (smtp://user:•••@host:port), or null when none is stored. */
  smtp_url_masked: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type EmailProfile = z.infer<typeof ZEmailProfile>
export const ZEmailProfileListAnswer = zPaged(ZEmailProfile)

// ——— SMS templates ———

export const ZSmsTemplateFields = z
  .object({
    event: z.enum(SMS_EVENT_NAMES, { error: invalid }),
    locale: z.enum(LOCALES, { error: invalid }),
    body: text(1000),
  })
  .superRefine((v, ctx) => {
    if (v.event) checkVariables(smsVariables(v.event), v.body ?? '', 'body', ctx)
  })
export const ZSmsTemplateCreate = z.object({ sms: ZSmsTemplateFields })
export const ZSmsTemplateSave = z.object({
  id: zId.optional(),
  sms: ZSmsTemplateFields.and(z.object({ id: zId.optional() })),
})
export const ZSmsTemplateList = z.object({
  page: zPage,
  filters: z
    .object({ event: z.enum(SMS_EVENT_NAMES, { error: invalid }), locale: z.enum(LOCALES, { error: invalid }) })
    .partial()
    .default({}),
})
export type TSmsTemplateForm = z.input<typeof ZSmsTemplateFields>

export const ZSmsTemplate = z.strictObject({
  id: z.number(),
  event: z.enum(SMS_EVENT_NAMES),
  locale: z.enum(LOCALES),
  body: z.string(),
  variables: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type SmsTemplate = z.infer<typeof ZSmsTemplate>
export const ZSmsTemplateListAnswer = zPaged(ZSmsTemplate)
