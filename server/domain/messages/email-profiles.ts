// E-mail profiles (docs/api.md#admin-e-mail-and-sms-templates "Email profiles"): a sender name and
// address and, optionally, the SMTP server a template of the profile is sent through. The SMTP URL
// holds a password, so it is kept like the LiqPay merchants' private keys: AES-256-GCM under a key
// derived from MAIL_PROFILES_SECRET (unset: random bytes kept in DATA_DIR/mail-profiles-secret). It
// is never answered: the panel sees it masked (smtp://user:•••@host:port). Every change is audited
// without it.
import { sql } from 'kysely'
import { notFound } from '../../../common/errors'
import type { EmailProfile } from '../../../common/schemas/admin/messages.schema'
import type { Env } from '../../env'
import { decryptSecret, encryptSecret } from '../money/merchants'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { secretKey } from '../shared/secret-keys'

/** The 32-byte key: SHA-256 of MAIL_PROFILES_SECRET, else random bytes kept in DATA_DIR/mail-profiles-secret. */
export function mailCipherKey(env: Pick<Env, 'DATA_DIR' | 'MAIL_PROFILES_SECRET'>): Buffer {
  return secretKey(env.MAIL_PROFILES_SECRET, env.DATA_DIR, 'mail-profiles-secret')
}

/** The URL as the panel may see it: scheme, user, host and port; the password as •••. */
export function maskSmtpUrl(url: string): string {
  const u = new URL(url)
  const user = u.username ? `${decodeURIComponent(u.username)}${u.password ? ':•••' : ''}@` : ''
  return `${u.protocol}//${user}${u.host}`
}

const COLUMNS = ['id', 'name', 'from_name', 'from_email', 'smtp_url_masked', 'created_at', 'updated_at'] as const
type Row = {
  id: number
  name: string
  from_name: string
  from_email: string
  smtp_url_masked: string | null
  created_at: Date
  updated_at: Date
}

const answer = (r: Row): EmailProfile => ({
  id: r.id,
  name: r.name,
  from_name: r.from_name,
  from_email: r.from_email,
  smtp_url_masked: r.smtp_url_masked,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const PAGE = 20

/** GET /admin/email/profiles/get?page */
export async function listProfiles(scope: Scope, input: { page: number }) {
  const q = scope.db.selectFrom('email_profiles')
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(answer), total: total.n, page: input.page }
}

/** GET /admin/email/profile/get?id */
export async function getProfile(scope: Scope, input: { id: number }): Promise<EmailProfile> {
  const row = await scope.db.selectFrom('email_profiles').select(COLUMNS).where('id', '=', input.id).executeTakeFirst()
  if (!row) throw notFound()
  return answer(row)
}

interface ProfileFields {
  name: string
  from_name: string
  from_email: string
  smtp_url?: string
}

const sealed = (key: Buffer, url: string | undefined) =>
  url ? { smtp_url_enc: encryptSecret(key, url), smtp_url_masked: maskSmtpUrl(url) } : {}

/** POST /admin/email/profile/create {profile} */
export async function createProfile(
  scope: Scope,
  input: { profile: ProfileFields },
  key: Buffer,
): Promise<EmailProfile> {
  const p = input.profile
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('email_profiles')
      .values({ name: p.name, from_name: p.from_name, from_email: p.from_email, ...sealed(key, p.smtp_url) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'email_profile.create',
      entity: 'email_profile',
      id: row.id,
      data: { name: p.name, from_email: p.from_email, smtp: row.smtp_url_masked },
    })
    return answer(row)
  })
}

/** POST /admin/email/profile/save {id, profile}: an empty SMTP URL keeps the stored one. */
export async function saveProfile(
  scope: Scope,
  input: { id: number; profile: ProfileFields },
  key: Buffer,
): Promise<EmailProfile> {
  const p = input.profile
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('email_profiles')
      .set({
        name: p.name,
        from_name: p.from_name,
        from_email: p.from_email,
        updated_at: sql<Date>`now()`,
        ...sealed(key, p.smtp_url),
      })
      .where('id', '=', input.id)
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'email_profile.save',
      entity: 'email_profile',
      id: row.id,
      data: { name: p.name, from_email: p.from_email, smtp: row.smtp_url_masked, smtp_changed: !!p.smtp_url },
    })
    return answer(row)
  })
}

/** POST /admin/email/profile/delete?id: its templates are then sent with the site's default sender. */
export async function deleteProfile(scope: Scope, input: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('email_profiles')
      .where('id', '=', input.id)
      .returning(['id', 'name'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'email_profile.delete',
      entity: 'email_profile',
      id: row.id,
      data: { name: row.name },
    })
    return { deleted: true as const }
  })
}

/** What a message of the profile is sent with: its sender and, when it has one, its SMTP URL in clear. */
export async function profileSender(
  db: Executor,
  id: number,
  key: () => Buffer,
): Promise<{ from: string; smtpUrl?: string } | null> {
  const p = await db
    .selectFrom('email_profiles')
    .select(['from_name', 'from_email', 'smtp_url_enc'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!p) return null
  const from = `"${p.from_name.replace(/["\\\r\n]/g, '')}" <${p.from_email}>`
  // A URL that cannot be opened (the key changed) falls back to the site's transport.
  const smtpUrl = p.smtp_url_enc ? (decryptSecret(key(), p.smtp_url_enc) ?? undefined) : undefined
  return { from, ...(smtpUrl ? { smtpUrl } : {}) }
}
