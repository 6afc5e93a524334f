// Demo e-mail and SMS templates: one per event in the edition's language, with the
// built-in texts of i18n/server, so /panel/emails_show and /panel/sms_show open on the product's own
// messages ready to edit (what a staff edit changes is then sent: server/domain/messages/send.ts).
import type { Db } from '../client'
import type { Edition } from '../../common/editions'
import { MAIL_EVENT_NAMES, SMS_EVENT_NAMES } from '../../common/message-templates'
import { type MessageKey, t } from '../../i18n/keys'

export async function seedDemoMessageTemplates(db: Db, ed: Edition) {
  const locale = ed.defaultLocale
  const text = (key: string) => t(locale, key as MessageKey)
  await db
    .insertInto('email_templates')
    .values(
      MAIL_EVENT_NAMES.map((event) => ({
        event,
        locale,
        subject: text(`mail.${event}_subject`),
        body: text(`mail.${event}_body`),
      })),
    )
    .onConflict((oc) => oc.columns(['event', 'locale']).doNothing())
    .execute()
  await db
    .insertInto('sms_templates')
    .values(SMS_EVENT_NAMES.map((event) => ({ event, locale, body: text(`sms.${event}`) })))
    .onConflict((oc) => oc.columns(['event', 'locale']).doNothing())
    .execute()
}
