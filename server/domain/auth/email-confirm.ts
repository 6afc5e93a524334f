// E-mail confirmation: a link with `?confirmation_code=` to /profile/. The page posts the code;
// success marks the e-mail confirmed, failure adds code_error to the address (client side).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { t } from '../../../i18n/keys'
import type { Edition } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import { audit } from '../shared/audit'
import { DomainError } from '../../../common/errors'
import { findLiveToken, issueCode, newLinkToken } from './codes'

export async function sendEmailConfirmation(
  db: Db,
  a: { personId: number; mail: Mailer; edition: Edition; origin: string },
) {
  const person = await db
    .selectFrom('people')
    .select(['email', 'email_confirmed_at'])
    .where('id', '=', a.personId)
    .executeTakeFirstOrThrow()
  if (!person.email) throw new DomainError('bad_request', 'errors.no_email')
  if (person.email_confirmed_at) return { sent: false }
  const token = newLinkToken()
  await issueCode(db, { purpose: 'email_confirm', personId: a.personId, secret: token, channel: 'email' })
  const link = `${a.origin}/profile/?confirmation_code=${token}`
  const locale = a.edition.defaultLocale
  await a.mail.send({
    to: person.email,
    subject: t(locale, 'mail.confirm_subject'),
    text: t(locale, 'mail.confirm_body', { link }),
    event: { name: 'confirm', locale, params: { link } },
  })
  return { sent: true }
}

export async function confirmEmail(db: Db, code: string) {
  return db.transaction().execute(async (trx) => {
    const row = await findLiveToken(trx, 'email_confirm', code)
    if (!row) throw new DomainError('bad_request', 'errors.invalid_code')
    await trx.updateTable('auth_codes').set({ used_at: sql`now()` }).where('id', '=', row.id).execute()
    await trx.updateTable('people').set({ email_confirmed_at: sql`now()` }).where('id', '=', row.person_id).execute()
    await audit(
      trx,
      { kind: 'system', id: null },
      { action: 'person.email_confirm', entity: 'person', id: row.person_id },
    )
    return { confirmed: true }
  })
}
