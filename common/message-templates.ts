// The events the product sends e-mail and SMS for, the {variables} each event's text may use, and
// the one renderer the server (sending) and the panel (preview) share. Staff keep a template per
// event and language (server/domain/messages/); an event without a stored template is sent with the
// built-in text of i18n/server (`mail.<event>_subject`, `mail.<event>_body`, `sms.<event>`).
// Pure data and functions: imports nothing.

/** Every template may use these beside its event's own: the site's name and address. */
export const COMMON_VARIABLES = ['site', 'site_url'] as const

/** E-mail events → the variables their sends supply (the built-in texts' placeholders). */
export const MAIL_EVENTS = {
  login_code: ['code'],
  confirm: ['link'],
  password_reset: ['code'],
  new_password: ['password'],
  personal_order: ['client_name', 'order_id', 'link'],
  content_revision: ['title', 'reason', 'link'],
  site_review: ['name', 'link'],
  tutor_welcome: ['name', 'link'],
  tutor_live: ['name', 'link'],
  tutor_sent_back: ['name', 'reason', 'link'],
} as const satisfies Record<string, readonly string[]>

/** SMS events → their variables. */
export const SMS_EVENTS = {
  login_code: ['code'],
  password_reset: ['code'],
  phone_confirm: ['code'],
  new_password: ['password'],
  personal_order: ['client_name', 'order_id'],
  order_client: ['order'],
  order_client_tutor: ['order', 'tutor', 'phone'],
  order_tutor: ['order', 'client', 'phone'],
} as const satisfies Record<string, readonly string[]>

export type MailEvent = keyof typeof MAIL_EVENTS
export type SmsEvent = keyof typeof SMS_EVENTS
export const MAIL_EVENT_NAMES = Object.keys(MAIL_EVENTS) as [MailEvent, ...MailEvent[]]
export const SMS_EVENT_NAMES = Object.keys(SMS_EVENTS) as [SmsEvent, ...SmsEvent[]]

export function mailVariables(event: MailEvent): readonly string[] {
  return [...MAIL_EVENTS[event], ...COMMON_VARIABLES]
}
export function smsVariables(event: SmsEvent): readonly string[] {
  return [...SMS_EVENTS[event], ...COMMON_VARIABLES]
}

/** Values the preview and the test send fill the variables with. */
export const SAMPLE_VALUES: Record<string, string> = {
  code: '482913',
  link: 'https://example.com/confirm/3f9a1c',
  password: 'Kq7-xw93',
  client_name: 'Olena K.',
  order_id: '1024',
  order: '1024',
  title: 'Maths for beginners',
  reason: 'Please add a description',
  name: 'Olena',
  tutor: 'Ivan Petrenko',
  client: 'Olena K.',
  phone: '+380501234567',
  site: 'Tutors',
  site_url: 'https://example.com',
}

const PLACEHOLDER = /\{(\w+)\}/g

/** The {names} a text uses, each once, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))]
}

/** The {names} of `text` not in `allowed`. */
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  return variablesIn(text).filter((v) => !allowed.includes(v))
}

/** `{name}` filled from values; a name without a value is left as it is. */
export function renderTemplate(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (all, name: string) => (name in values ? String(values[name]) : all))
}
