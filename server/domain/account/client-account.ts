// The signed-in client's account (docs/api.md#client-sign-in-and-settings): a generated password, settings, the
// additional e-mail subscription, terms, and deleting the client profile. Every write is audited.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { t } from '../../../i18n/keys'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { DomainError } from '../../../common/errors'
import { hashPassword } from '../auth/passwords'
import { endPersonSessions } from './codes'

export interface ClientRef {
  clientId: number
  personId: number
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 16 characters from a 57-symbol alphabet without look-alikes (≈ 93 bits), unbiased. */
export function strongPassword(length = 16): string {
  const out: string[] = []
  const limit = 256 - (256 % ALPHABET.length)
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out.push(ALPHABET[b % ALPHABET.length]!)
    }
  }
  return out.join('')
}

/**
 * POST /client/auth/generate_password: a new random password for the person, sent to their e-mail
 * (or by SMS when they have no e-mail); only its hash is kept and it is never in the answer.
 * At most 3 per 15 minutes (429), counted in the audit log.
 */
export async function generateClientPassword(
  { db, edition, actor }: Scope,
  a: { me: ClientRef; sessionId: string },
  io: { mail: Mailer; sms: SmsSender },
) {
  const person = await db
    .selectFrom('people')
    .select(['email', 'phone'])
    .where('id', '=', a.me.personId)
    .executeTakeFirstOrThrow()
  if (!person.email && !person.phone) throw new DomainError('bad_request', 'errors.no_email')
  const recent = await db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('action', '=', 'client.generate_password')
    .where('entity', '=', 'client')
    .where('entity_id', '=', a.me.clientId)
    .where('created_at', '>', sql<Date>`now() - interval '15 minutes'`)
    .executeTakeFirstOrThrow()
  if (recent.n >= 3) throw new DomainError('rate_limited')
  const password = strongPassword()
  const hash = await hashPassword(password)
  const channel = person.email ? ('email' as const) : ('sms' as const)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('people')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', a.me.personId)
      .execute()
    // A password change ends the person's other sessions. No current password is asked: this is how a
    // client who signs in by code recovers one, and the new password goes to their own mailbox or phone.
    await endPersonSessions(trx, a.me.personId, a.sessionId)
    await audit(trx, actor, {
      action: 'client.generate_password',
      entity: 'client',
      id: a.me.clientId,
      data: { channel },
    })
  })
  const locale = edition.defaultLocale
  if (person.email)
    await io.mail.send({
      to: person.email,
      subject: t(locale, 'mail.new_password_subject'),
      text: t(locale, 'mail.new_password_body', { password }),
      event: { name: 'new_password', locale, params: { password } },
    })
  else
    await io.sms.send(`${edition.phone.prefix}${person.phone}`, t(locale, 'sms.new_password', { password }), {
      name: 'new_password',
      locale,
      params: { password },
    })
  return { sent: true, channel }
}

export async function getClientSettings(db: Db, me: ClientRef) {
  const r = await db
    .selectFrom('clients as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .select([
      'c.additional_email',
      'c.terms_confirmed_at',
      'p.email',
      'p.phone',
      'p.email_confirmed_at',
      'p.phone_confirmed_at',
      'p.password_hash',
    ])
    .where('c.id', '=', me.clientId)
    .executeTakeFirstOrThrow()
  return {
    email: r.email,
    email_confirmed: r.email_confirmed_at !== null,
    phone: r.phone,
    phone_confirmed: r.phone_confirmed_at !== null,
    additional_email: r.additional_email,
    additional_email_subscribed: r.additional_email !== null,
    terms_confirmed: r.terms_confirmed_at !== null,
    has_password: r.password_hash !== null,
  }
}

/** POST /client/additional_email_subscription/subscribe {email}: a second address for the site's mailings (replaces the previous one). */
export async function subscribeAdditionalEmail({ db, actor }: Scope, { me, email }: { me: ClientRef; email: string }) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('clients').set({ additional_email: email }).where('id', '=', me.clientId).execute()
    await audit(trx, actor, {
      action: 'client.additional_email_subscribe',
      entity: 'client',
      id: me.clientId,
      data: { email },
    })
  })
  return { additional_email: email }
}

/** POST /client/terms/confirm {confirmation_terms: true}: idempotent; the first time is kept. */
export async function confirmClientTerms({ db, actor }: Scope, me: ClientRef) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('clients')
      .set({ terms_confirmed_at: sql`coalesce(terms_confirmed_at, now())` })
      .where('id', '=', me.clientId)
      .returning('terms_confirmed_at')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, { action: 'client.terms_confirm', entity: 'client', id: me.clientId })
    return { terms_confirmed_at: row.terms_confirmed_at }
  })
}

/**
 * POST /client/profile/delete: soft-deletes the client role and ends every session of the person.
 * A tutor role of the same person, their orders and reviews stay; signing in again as a tutor works,
 * a client code sign-in with the same login is refused (deleted profile).
 */
export async function deleteClientProfile({ db, actor }: Scope, me: ClientRef) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('clients')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', me.clientId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw new DomainError('wrong_status')
    await endPersonSessions(trx, me.personId)
    await audit(trx, actor, { action: 'client.profile_delete', entity: 'client', id: me.clientId })
  })
  return { deleted: true }
}
