// Staff: e-mail templates and profiles (panel area `emails`) and SMS templates (area `sms`) —
// docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS". Rules: server/domain/messages/.
import { FieldErrors } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import {
  createProfile,
  deleteProfile,
  getProfile,
  listProfiles,
  mailCipherKey,
  saveProfile,
} from '../../domain/messages/email-profiles'
import {
  createEmailTemplate,
  createSmsTemplate,
  deleteEmailTemplate,
  deleteSmsTemplate,
  getEmailTemplate,
  getSmsTemplate,
  listEmailTemplates,
  listSmsTemplates,
  saveEmailTemplate,
  saveSmsTemplate,
  sendTestEmail,
} from '../../domain/messages/templates'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZDeleted,
  ZEmailProfile,
  ZEmailProfileCreate,
  ZEmailProfileListAnswer,
  ZEmailProfileSave,
  ZEmailTemplate,
  ZEmailTemplateCreate,
  ZEmailTemplateList,
  ZEmailTemplateListAnswer,
  ZEmailTemplateSave,
  ZProfileList,
  ZSmsTemplate,
  ZSmsTemplateCreate,
  ZSmsTemplateList,
  ZSmsTemplateListAnswer,
  ZSmsTemplateSave,
  ZTemplateId,
  ZTestSent,
} from '../../../common/schemas/admin/messages.schema'

const emails = staffProcedure('emails')
const sms = staffProcedure('sms')

/** The id beside the entity or inside it (a 422 when neither). */
function idOf(outer: number | undefined, inner: number | undefined): number {
  const id = outer ?? inner
  if (!id) throw new FieldErrors({ id: [msg('validation.required')] })
  return id
}

export const emailsAdminRouter = t.router({
  /** POST /admin/email/emails/get {page, filters} */
  list: emails
    .input(ZEmailTemplateList)
    .output(ZEmailTemplateListAnswer)
    .query(({ ctx, input }) => listEmailTemplates(ctx.scope, input)),
  /** GET /admin/email/email/get?id */
  get: emails
    .input(ZTemplateId)
    .output(ZEmailTemplate)
    .query(({ ctx, input }) => getEmailTemplate(ctx.scope, input)),
  /** POST /admin/email/email/create {email} */
  create: emails
    .input(ZEmailTemplateCreate)
    .output(ZEmailTemplate)
    .mutation(({ ctx, input }) => createEmailTemplate(ctx.scope, input)),
  /** POST /admin/email/email/save {id, email} */
  save: emails
    .input(ZEmailTemplateSave)
    .output(ZEmailTemplate)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...email } = input.email
      return saveEmailTemplate(ctx.scope, { id: idOf(input.id, inner), email })
    }),
  /** POST /admin/email/email/delete?id */
  delete: emails
    .input(ZTemplateId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteEmailTemplate(ctx.scope, input)),
  /** POST /admin/email/email/send_test {id} */
  sendTest: emails
    .input(ZTemplateId)
    .output(ZTestSent)
    .mutation(({ ctx, input }) =>
      sendTestEmail(ctx.scope, input, { mail: ctx.mail, key: () => mailCipherKey(ctx.env), siteUrl: ctx.origin }),
    ),
  /** GET /admin/email/profiles/get?page */
  profiles: emails
    .input(ZProfileList)
    .output(ZEmailProfileListAnswer)
    .query(({ ctx, input }) => listProfiles(ctx.scope, input)),
  /** GET /admin/email/profile/get?id */
  profile: emails
    .input(ZTemplateId)
    .output(ZEmailProfile)
    .query(({ ctx, input }) => getProfile(ctx.scope, input)),
  /** POST /admin/email/profile/create {profile} */
  createProfile: emails
    .input(ZEmailProfileCreate)
    .output(ZEmailProfile)
    .mutation(({ ctx, input }) => createProfile(ctx.scope, input, mailCipherKey(ctx.env))),
  /** POST /admin/email/profile/save {id, profile}: an empty smtp_url keeps the stored one */
  saveProfile: emails
    .input(ZEmailProfileSave)
    .output(ZEmailProfile)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...profile } = input.profile
      return saveProfile(ctx.scope, { id: idOf(input.id, inner), profile }, mailCipherKey(ctx.env))
    }),
  /** POST /admin/email/profile/delete?id */
  deleteProfile: emails
    .input(ZTemplateId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteProfile(ctx.scope, input)),
})

export const smsAdminRouter = t.router({
  /** POST /admin/smslist/get {page, filters} */
  list: sms
    .input(ZSmsTemplateList)
    .output(ZSmsTemplateListAnswer)
    .query(({ ctx, input }) => listSmsTemplates(ctx.scope, input)),
  /** GET /admin/sms/get?id */
  get: sms
    .input(ZTemplateId)
    .output(ZSmsTemplate)
    .query(({ ctx, input }) => getSmsTemplate(ctx.scope, input)),
  /** POST /admin/sms/create {sms} */
  create: sms
    .input(ZSmsTemplateCreate)
    .output(ZSmsTemplate)
    .mutation(({ ctx, input }) => createSmsTemplate(ctx.scope, input)),
  /** POST /admin/sms/save {id, sms} */
  save: sms
    .input(ZSmsTemplateSave)
    .output(ZSmsTemplate)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...body } = input.sms
      return saveSmsTemplate(ctx.scope, { id: idOf(input.id, inner), sms: body })
    }),
  /** POST /admin/sms/delete?id */
  delete: sms
    .input(ZTemplateId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteSmsTemplate(ctx.scope, input)),
})
