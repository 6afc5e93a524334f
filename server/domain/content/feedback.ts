// A visitor's feedback (docs/api.md#public-reads `POST /client/send_feedback_email?feedback`;
// item 7): {name?, email, text} e-mailed to the edition's support address (SUPPORT_EMAIL, else
// support@ the site's host) through the mail transport, in the edition's default language, with the
// visitor's address to answer. Throttled per client IP like the site reviews (auth_failures) → 429.
import type { Locale } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { LIMITS, takeLimit } from '../shared/window-throttle'

/** Messages one IP may send in the window (our decision: a person writes once or twice, a bot many times). */
export const FEEDBACK_PER_IP = LIMITS.feedback.max

export interface FeedbackIo {
  mail: Mailer
  ip: string
  /** The site's origin: its host names the default support address, and the mail says which site. */
  origin: string
  supportEmail?: string
}

const SUBJECT: Record<Locale, string> = {
  ua: "Зворотний зв'язок з сайту",
  ru: 'Обратная связь с сайта',
  en: 'Feedback from the site',
  pl: 'Wiadomość ze strony',
  es: 'Comentario desde el sitio',
}
const LABELS: Record<Locale, [string, string, string]> = {
  ua: ["Ім'я", 'E-mail', 'Повідомлення'],
  ru: ['Имя', 'E-mail', 'Сообщение'],
  en: ['Name', 'E-mail', 'Message'],
  pl: ['Imię', 'E-mail', 'Wiadomość'],
  es: ['Nombre', 'E-mail', 'Mensaje'],
}

export const supportAddress = (io: Pick<FeedbackIo, 'origin' | 'supportEmail'>) =>
  io.supportEmail || `support@${new URL(io.origin).hostname}`

async function throttle(scope: Scope, ip: string) {
  await takeLimit(scope.db, 'feedback', ip)
}

/** POST /client/send_feedback_email {feedback: {name?, email, text}} */
export async function sendFeedback(
  scope: Scope,
  input: { feedback: { name?: string; email: string; text: string } },
  io: FeedbackIo,
) {
  await throttle(scope, io.ip)
  const f = input.feedback
  const lang = scope.edition.defaultLocale
  const [nameL, emailL, textL] = LABELS[lang]
  const body = `${scope.edition.siteName} (${io.origin})\n\n${nameL}: ${f.name || '—'}\n${emailL}: ${f.email}\n\n${textL}:\n${f.text}\n`
  const to = supportAddress(io)
  // The transport records the message in the outbox before it tries to deliver; a failed delivery is said in the answer.
  const sent = await io.mail.send({ to, subject: `${SUBJECT[lang]}: ${scope.edition.siteName}`, text: body }).then(
    () => true,
    () => false,
  )
  await audit(scope.db, scope.actor, {
    action: 'feedback.send',
    entity: 'feedback',
    id: null,
    data: { sent, length: f.text.length },
  })
  return { sent }
}
