// What blogs and ads share: the moderation states, the tutor's revision notice and
// the staff list filter. States: draft (the tutor's, never shown) → on_moderation (sent by the tutor;
// a save of a published item sends it back here) → published | need_revision (with staff's reason;
// the tutor is told on the site and by e-mail) → … ; deleted by staff or the tutor (kept, never shown).
import { sql } from 'kysely'
import type { ContentStatus } from '../../../common/schemas/content/blogs-ads.schema'
import { t } from '../../../i18n/keys'
import { localePath } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import { notify } from '../orders/notifications'
import type { Executor } from '../shared/audit'
import type { Scope } from '../shared/scope'

export interface RevisionIo {
  mail: Mailer
  /** The site's origin for the link in the e-mail. */
  origin: string
}

/** The status a tutor's save leaves: a draft stays a draft when asked, anything else goes to moderation. */
export function statusAfterTutorSave(draft: boolean | undefined): ContentStatus {
  return draft ? 'draft' : 'on_moderation'
}

/** The on-site notice of a revision (in the change's transaction): the bell's admin notifications. */
export async function noticeRevision(
  trx: Executor,
  a: { tutorId: number; kind: 'blog' | 'ad'; id: number; title: string; reason: string },
) {
  await notify(trx, {
    recipient_kind: 'tutor',
    recipient_id: a.tutorId,
    type: 'admin_notifications',
    data: { name: a.title, kind: a.kind, id: a.id, reason: a.reason },
  })
}

/** The e-mail of a revision, after the change committed; a failed send does not undo it. */
export async function mailRevision(
  scope: Scope,
  a: { tutorId: number; kind: 'blog' | 'ad'; title: string; reason: string },
  io: RevisionIo,
) {
  const row = await scope.db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select('p.email')
    .where('t.id', '=', a.tutorId)
    .executeTakeFirst()
  if (!row?.email) return
  const locale = scope.edition.defaultLocale
  const link = io.origin + localePath(scope.edition, locale, a.kind === 'blog' ? '/my-blog' : '/my-ads')
  await io.mail
    .send({
      to: row.email,
      subject: t(locale, 'mail.content_revision_subject', { title: a.title }),
      text: t(locale, 'mail.content_revision_body', { title: a.title, reason: a.reason, link }),
      event: { name: 'content_revision', locale, params: { title: a.title, reason: a.reason, link } },
    })
    .catch(() => undefined)
}

/** `%text%` for ilike, with its wildcards escaped. */
export const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const iso = (d: Date | null) => (d ? d.toISOString() : null)
export const nowSql = sql<Date>`now()`
