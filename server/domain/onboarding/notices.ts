// What a tutor is told on their first day, on the site (the bell, written in the change's transaction)
// and by e-mail (after it commits; a failed send is logged, never undoes the change): welcome with the
// next steps on registering, "you are live" with the profile's address on approval, and the moderator's
// reason on being sent back. The e-mails are templates staff can edit (events tutor_welcome, tutor_live,
// tutor_sent_back); the bell's texts are the site's own, chosen by `kind`.
import { localePath } from '../../../common/editions'
import type { Edition } from '../../../common/editions'
import { tutorProfilePath } from '../../../common/routes'
import { t } from '../../../i18n/keys'
import type { Mailer } from '../../integrations/mail/mailer'
import { notify } from '../orders/notifications'
import type { Executor } from '../shared/audit'

export type ProfileNoticeKind = 'profile_welcome' | 'profile_live' | 'profile_sent_back'

export async function ringProfileNotice(
  trx: Executor,
  tutorId: number,
  notice: { kind: ProfileNoticeKind; reason?: string },
) {
  const { kind, reason } = notice
  await notify(trx, {
    recipient_kind: 'tutor',
    recipient_id: tutorId,
    type: 'admin_notifications',
    data: { kind, name: '', ...(reason ? { reason } : {}) },
  })
}

export interface NoticeIo {
  db: Executor
  mail: Mailer
  edition: Edition
  /** The site's origin for the links. */
  origin: string
}

const EVENTS = {
  profile_welcome: 'tutor_welcome',
  profile_live: 'tutor_live',
  profile_sent_back: 'tutor_sent_back',
} as const

/** The e-mail of a notice; nothing when the tutor has no e-mail. Resolves whatever the transport does. */
export async function mailProfileNotice(
  io: NoticeIo,
  a: { tutorId: number; kind: ProfileNoticeKind; reason?: string },
  onError: (err: unknown) => void,
) {
  try {
    const row = await io.db
      .selectFrom('tutors as t')
      .innerJoin('people as p', 'p.id', 't.person_id')
      .select(['p.email', 't.first_name', 't.name'])
      .where('t.id', '=', a.tutorId)
      .executeTakeFirst()
    if (!row?.email) return
    const locale = io.edition.defaultLocale
    const path = a.kind === 'profile_live' ? tutorProfilePath(a.tutorId) : '/profile'
    const link = io.origin + localePath(io.edition, locale, path)
    const event = EVENTS[a.kind]
    const params = { name: row.first_name || row.name, link, ...(a.reason ? { reason: a.reason } : {}) }
    await io.mail.send({
      to: row.email,
      subject: t(locale, `mail.${event}_subject`, { site: io.edition.siteName, ...params }),
      text: t(locale, `mail.${event}_body`, params),
      event: { name: event, locale, params },
    })
  } catch (err) {
    onError(err)
  }
}
