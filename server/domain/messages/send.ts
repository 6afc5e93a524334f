// The product's e-mails and SMS with the staff's templates: a send names its event,
// language and values (`event`); when a template of that event and language is stored, its subject and
// text (rendered with the values, the site's name and address beside them) replace the built-in ones,
// and its profile gives the sender and SMTP server. Without a template the built-in text goes out as
// before. Wraps the transports built at boot (server/integrations/mail, sms).
import type { Db } from '../../../db/client'
import { renderTemplate } from '../../../common/message-templates'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import { profileSender } from './email-profiles'
import { commonValues } from './templates'

interface Site {
  siteName: string
  /** The site's address now (PUBLIC_URL is known only once the server listens). */
  siteUrl: () => string
}

export function templatedMailer(db: Db, inner: Mailer, site: Site & { key: () => Buffer }): Mailer {
  return {
    get transport() {
      return inner.transport
    },
    async send(m, opts) {
      if (!m.event) return inner.send(m, opts)
      const { event, ...rest } = m
      const tpl = await db
        .selectFrom('email_templates')
        .select(['subject', 'body', 'profile_id'])
        .where('event', '=', event.name)
        .where('locale', '=', event.locale)
        .executeTakeFirst()
      if (!tpl) return inner.send(rest, opts)
      const values = { ...commonValues(site.siteName, site.siteUrl()), ...event.params }
      // The profile (its sender, its SMTP server) goes with the queued row; the delivery worker reads it.
      const sender = tpl.profile_id ? await profileSender(db, tpl.profile_id, site.key) : null
      const profile = sender && tpl.profile_id ? { ...sender, profileId: tpl.profile_id } : {}
      return inner.send(
        {
          ...rest,
          subject: renderTemplate(tpl.subject, values),
          text: renderTemplate(tpl.body, values),
          html: undefined,
          ...profile,
        },
        opts,
      )
    },
  }
}

export function templatedSms(db: Db, inner: SmsSender, site: Site): SmsSender {
  return {
    get transport() {
      return inner.transport
    },
    async send(to, text, event) {
      if (!event) return inner.send(to, text)
      const tpl = await db
        .selectFrom('sms_templates')
        .select('body')
        .where('event', '=', event.name)
        .where('locale', '=', event.locale)
        .executeTakeFirst()
      if (!tpl) return inner.send(to, text)
      return inner.send(
        to,
        renderTemplate(tpl.body, { ...commonValues(site.siteName, site.siteUrl()), ...event.params }),
      )
    },
  }
}
