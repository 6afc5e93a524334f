// Client sign-in without a password: a one-time code sent to the e-mail or phone given as `login`
// (the account is created on first use), and sign-in links (`?ak=`) sent in messages.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { t } from '../../../i18n/keys'
import type { Edition } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import { audit } from '../shared/audit'
import { takeLimit } from '../shared/window-throttle'
import { DomainError, FieldErrors, retryOnUniqueViolation } from '../../../common/errors'
import { zEmail, zPhone } from '../../../common/validators'
import { CODE_TRIES, findLiveToken, hashSecret, issueCode, newLinkToken, newNumericCode } from './codes'
import { type Identity, createSession, revokeSession } from './sessions'
import type { RequestInfo } from './sign-in'
import { assertNotThrottled, forgiveAttempt, recordFailure, reserveAttempt } from './throttle'

type Login = { channel: 'email'; email: string } | { channel: 'sms'; phone: string }

/** `login` as an e-mail (has an @) or a phone by the edition's rule; otherwise a 422 on `login`. */
export function parseLogin(login: string, ed: Edition): Login {
  if (login.includes('@')) {
    const r = zEmail.safeParse(login)
    if (!r.success) throw new FieldErrors({ login: r.error.issues.map((i) => i.message) })
    return { channel: 'email', email: r.data }
  }
  const r = zPhone(ed).safeParse(login)
  if (!r.success) throw new FieldErrors({ login: r.error.issues.map((i) => i.message) })
  return { channel: 'sms', phone: r.data }
}

/** Finds or creates the person and their client role (again when a concurrent first use created them). */
async function ensureClient(db: Db, login: Login) {
  return retryOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('people')
        .select('id')
        .where((eb) =>
          login.channel === 'email' ? eb(sql<string>`lower(email)`, '=', login.email) : eb('phone', '=', login.phone),
        )
        .forUpdate()
        .executeTakeFirst()
      const personId =
        person?.id ??
        (
          await trx
            .insertInto('people')
            .values(login.channel === 'email' ? { email: login.email } : { phone: login.phone })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const existing = await trx
        .selectFrom('clients')
        .select(['id', 'blacklisted', 'deleted_at', 'merged_into_client_id'])
        .where('person_id', '=', personId)
        .executeTakeFirst()
      if (existing && existing.deleted_at === null)
        return { personId, clientId: existing.id, blacklisted: existing.blacklisted, created: false }
      if (existing?.merged_into_client_id) {
        // Staff merged this profile into another one: the same person signs in as the kept client.
        const kept = await trx
          .selectFrom('clients')
          .select(['id', 'person_id', 'blacklisted'])
          .where('id', '=', existing.merged_into_client_id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
        if (kept) return { personId: kept.person_id, clientId: kept.id, blacklisted: kept.blacklisted, created: false }
      }
      if (existing) throw new DomainError('forbidden') // a deleted client profile
      const client = await trx
        .insertInto('clients')
        .values({ person_id: personId })
        .returning('id')
        .executeTakeFirstOrThrow()
      await audit(
        trx,
        { kind: 'client', id: client.id },
        { action: 'client.create', entity: 'client', id: client.id, data: { via: login.channel } },
      )
      return { personId, clientId: client.id, blacklisted: false, created: true }
    }),
  )
}

export async function sendClientLoginCode(
  db: Db,
  a: { login: string; edition: Edition; mail: Mailer; sms: SmsSender; req: RequestInfo },
): Promise<{ client_id: number; code_id: number }> {
  const login = parseLogin(a.login, a.edition)
  await assertNotThrottled(db, `client-code:${login.channel === 'email' ? login.email : login.phone}`, a.req.ip)
  const client = await ensureClient(db, login)
  if (client.blacklisted) throw new DomainError('forbidden')
  await takeLimit(db, 'client_login_code', client.personId)
  const code = newNumericCode()
  const codeId = await issueCode(db, {
    purpose: 'client_login_code',
    personId: client.personId,
    clientId: client.clientId,
    secret: code,
    channel: login.channel,
  })
  const locale = a.edition.defaultLocale
  if (login.channel === 'email')
    await a.mail.send({
      to: login.email,
      subject: t(locale, 'mail.login_code_subject'),
      text: t(locale, 'mail.login_code_body', { code }),
      event: { name: 'login_code', locale, params: { code } },
    })
  else
    await a.sms.send(`${a.edition.phone.prefix}${login.phone}`, t(locale, 'sms.login_code', { code }), {
      name: 'login_code',
      locale,
      params: { code },
    })
  return { client_id: client.clientId, code_id: codeId }
}

export async function loginClientByCode(
  db: Db,
  a: { clientId: number; code: string; previous: Identity | null; req: RequestInfo },
) {
  const attempt = await reserveAttempt(db, `client-code:${a.clientId}`, a.req.ip)
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('auth_codes')
        .innerJoin('clients', 'clients.id', 'auth_codes.client_id')
        .select([
          'auth_codes.id',
          'auth_codes.person_id',
          'auth_codes.secret_hash',
          'auth_codes.attempts',
          'auth_codes.channel',
          'clients.blacklisted',
        ])
        .where('auth_codes.client_id', '=', a.clientId)
        .where('auth_codes.purpose', '=', 'client_login_code')
        .where('auth_codes.used_at', 'is', null)
        .where('auth_codes.expires_at', '>', sql<Date>`now()`)
        .orderBy('auth_codes.id', 'desc')
        .forUpdate()
        .executeTakeFirst()
      if (row && row.attempts >= CODE_TRIES) throw new DomainError('rate_limited')
      if (!row || row.secret_hash !== hashSecret(a.code.trim())) {
        if (row)
          await trx
            .updateTable('auth_codes')
            .set({ attempts: row.attempts + 1 })
            .where('id', '=', row.id)
            .execute()
        return null // the reservation stays: the failure counted
      }
      if (row.blacklisted) throw new DomainError('forbidden')
      await trx.updateTable('auth_codes').set({ used_at: sql`now()` }).where('id', '=', row.id).execute()
      // The code reached the person, so that channel is confirmed.
      await trx
        .updateTable('people')
        .set(
          row.channel === 'email'
            ? { email_confirmed_at: sql`coalesce(email_confirmed_at, now())` }
            : { phone_confirmed_at: sql`coalesce(phone_confirmed_at, now())` },
        )
        .where('id', '=', row.person_id)
        .execute()
      // A request made for this account by a visitor who gave its e-mail is the account's once its code is used.
      await trx
        .updateTable('orders')
        .set({ client_confirmed: true, claim_code_id: null })
        .where('claim_code_id', '=', row.id)
        .where('client_id', '=', a.clientId)
        .execute()
      await forgiveAttempt(trx, attempt)
      if (a.previous) await revokeSession(trx, a.previous.sessionId)
      const sessionId = await createSession(trx, {
        personId: row.person_id,
        staffId: a.previous?.staff?.id ?? null,
        currentRole: 'client',
        ...a.req,
      })
      await audit(
        trx,
        { kind: 'client', id: a.clientId },
        { action: 'client.login_by_code', entity: 'client', id: a.clientId, data: { ip: a.req.ip } },
      )
      return sessionId
    })
    .then((sessionId) => {
      if (!sessionId) throw new DomainError('unauthorized', 'errors.invalid_code')
      return sessionId
    })
}

/** A sign-in link token for a client (`/…?ak=TOKEN`), valid 7 days and reusable within them. */
export async function issueClientLink(db: Db, clientId: number): Promise<string> {
  const client = await db.selectFrom('clients').select('person_id').where('id', '=', clientId).executeTakeFirstOrThrow()
  const token = newLinkToken()
  await db
    .insertInto('auth_codes')
    .values({
      purpose: 'client_link',
      person_id: client.person_id,
      client_id: clientId,
      secret_hash: hashSecret(token),
      expires_at: sql<Date>`now() + interval '7 days'`,
    })
    .execute()
  return token
}

export async function loginClientByToken(db: Db, a: { token: string; previous: Identity | null; req: RequestInfo }) {
  const accountKey = `client-link:${a.req.ip}`
  await assertNotThrottled(db, accountKey, a.req.ip)
  const row = await findLiveToken(db, 'client_link', a.token)
  const client = row?.client_id
    ? await db
        .selectFrom('clients')
        .select(['id', 'blacklisted'])
        .where('id', '=', row.client_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined
  if (!row || !client) {
    await recordFailure(db, accountKey, a.req.ip)
    throw new DomainError('unauthorized', 'errors.invalid_code')
  }
  if (client.blacklisted) throw new DomainError('forbidden')
  return db.transaction().execute(async (trx) => {
    if (a.previous) await revokeSession(trx, a.previous.sessionId)
    const sessionId = await createSession(trx, {
      personId: row.person_id,
      staffId: a.previous?.staff?.id ?? null,
      currentRole: 'client',
      ...a.req,
    })
    await audit(
      trx,
      { kind: 'client', id: client.id },
      { action: 'client.login_by_token', entity: 'client', id: client.id, data: { ip: a.req.ip } },
    )
    return sessionId
  })
}
