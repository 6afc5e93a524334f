// Marketing e-mail and unsubscribing (docs/api.md#other-public-calls `POST /api/email_unsubscribe?token`;
// item 2).
//
// Which mails are marketing (decision): every mail the product sends today is transactional — the e-mail
// confirmation, sign-in and password codes, a new password, the personal-order notice to a tutor, the
// feedback and template test mails to staff — and goes whatever the recipient's lists say. A marketing mail
// (news, offers, digests: anything the recipient did not cause) goes only through `sendMarketingMail`
// below, which names its list. It is skipped for an address that unsubscribed from that list, and
// otherwise carries RFC 8058 one-click unsubscribe: `List-Unsubscribe: <https://…/api/email_unsubscribe?token=…>`,
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the same link at the end of the text.
//
// The token is `base64url({"e": address, "l": list}).HMAC-SHA256` with a key of its own
// (secretKey: SESSION_SECRET-derived, else DATA_DIR/unsubscribe-secret). It does not expire — a link in an
// old mail must keep working — and names nothing but the address and the list, so forging one needs the key.
// Unsubscribing is idempotent: the same answer every time, one row, one audit entry. On the `news` list
// it also clears a tutor's e-mail subscription switch (tutor settings) for that address.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { DomainError } from '../../../common/errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { audit } from '../shared/audit'
import { secretKey } from '../shared/secret-keys'
import type { Scope } from '../shared/scope'

export const MARKETING_LISTS = ['news'] as const
export type MarketingList = (typeof MARKETING_LISTS)[number]

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url')

export function unsubscribeToken(key: Buffer, { email, list }: { email: string; list: MarketingList }): string {
  const payload = b64(JSON.stringify({ e: email.trim().toLowerCase(), l: list }))
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`
}

export function readUnsubscribeToken(key: Buffer, token: string): { email: string; list: MarketingList } | null {
  const [payload, mac, ...rest] = token.split('.')
  if (!payload || !mac || rest.length) return null
  const want = Buffer.from(createHmac('sha256', key).update(payload).digest('base64url'))
  const got = Buffer.from(mac)
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; l?: unknown }
    if (typeof v.e !== 'string' || !MARKETING_LISTS.includes(v.l as MarketingList)) return null
    return { email: v.e, list: v.l as MarketingList }
  } catch {
    return null
  }
}

export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin}/api/email_unsubscribe?token=${encodeURIComponent(token)}`

/** POST /api/email_unsubscribe?token: the token's address leaves the token's list (again: the same answer). */
export async function unsubscribe(scope: Scope, { token }: { token: string }, io: { key: Buffer }) {
  const who = readUnsubscribeToken(io.key, token)
  if (!who) throw new DomainError('not_found')
  await scope.db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('email_unsubscribes')
      .values({ email: who.email, list: who.list })
      .onConflict((oc) => oc.doNothing())
      .returning('email')
      .executeTakeFirst()
    if (!added) return
    if (who.list === 'news')
      await trx
        .updateTable('tutors')
        .set({ email_subscribe: false })
        .where('person_id', 'in', (eb) =>
          eb.selectFrom('people').select('id').where(sql<string>`lower(email)`, '=', who.email),
        )
        .execute()
    await audit(trx, scope.actor, { action: 'email.unsubscribe', entity: 'email', id: null, data: { list: who.list } })
  })
  return { email: who.email, list: who.list, unsubscribed: true as const }
}

export async function isUnsubscribed(
  scope: Pick<Scope, 'db'>,
  { email, list }: { email: string; list: MarketingList },
) {
  const row = await scope.db
    .selectFrom('email_unsubscribes')
    .select('email')
    .where('email', '=', email.trim().toLowerCase())
    .where('list', '=', list)
    .executeTakeFirst()
  return !!row
}

export interface MarketingMail {
  to: string
  list: MarketingList
  subject: string
  text: string
}

const FOOTER: Record<string, string> = {
  ua: 'Відписатися від розсилки',
  ru: 'Отписаться от рассылки',
  en: 'Unsubscribe',
  pl: 'Wypisz się z listy',
  es: 'Darse de baja',
}

/** Sends one marketing mail, or skips it (`sent: false`) when the address left the list. */
export async function sendMarketingMail(
  scope: Scope,
  m: MarketingMail,
  io: { mail: Mailer; origin: string; key: Buffer },
) {
  if (await isUnsubscribed(scope, { email: m.to, list: m.list }))
    return { sent: false, reason: 'unsubscribed' as const }
  const link = unsubscribeUrl(io.origin, unsubscribeToken(io.key, { email: m.to, list: m.list }))
  await io.mail.send({
    to: m.to,
    subject: m.subject,
    text: `${m.text}\n\n--\n${FOOTER[scope.locale] ?? FOOTER.en}: ${link}\n`,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  })
  return { sent: true, reason: null }
}

/** The key of unsubscribe tokens (secretKey: derived from SESSION_SECRET, else kept in DATA_DIR). */
export function unsubscribeKey(env: { SESSION_SECRET?: string; DATA_DIR: string }): Buffer {
  return secretKey(
    env.SESSION_SECRET ? `unsubscribe:${env.SESSION_SECRET}` : undefined,
    env.DATA_DIR,
    'unsubscribe-secret',
  )
}
