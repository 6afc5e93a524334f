// The tutor activity log as sentences: each audit action (server/domain/**, audit(…, 'tutor', id, data))
// becomes a catalog sentence with its data filled in, e.g. "Changed status: New → Published". Codes in
// the data (statuses, toggles, channels, professions, profile fields) go through the catalog too; an
// action this list does not know yet reads "Other action", never its code or its JSON.
import type { AreaKey } from '../../i18n/areas'
import { minorToUnits, unitsText } from '../../common/money'
import type { PT } from './text'

type Data = Record<string, unknown>
type Sentence = (d: Data, pt: PT) => string

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0))
const on = (v: unknown) => v === 1 || v === true || v === '1'
/** A catalog key that may not exist for this value: the label, or null. */
function known(pt: PT, key: string): string | null {
  const text = pt(key as AreaKey<'panel'>)
  return text === key ? null : text
}
const tutorStatus = (pt: PT, s: unknown) => known(pt, `t.status.${String(s)}`) ?? pt('log.unknown_value')
const money = (minor: unknown, currency: unknown) =>
  unitsText(minorToUnits(num(minor)), typeof currency === 'string' ? currency : '')
const count = (v: unknown) => (Array.isArray(v) ? v.length : num(v))

/** "status: from → to" when a change of status came with the action. */
function statusChange(d: Data, pt: PT): string {
  if (d.status === undefined || d.from === d.status) return ''
  const from = d.from === undefined ? '' : `${tutorStatus(pt, d.from)} → `
  return `; ${pt('log.status_change', { change: `${from}${tutorStatus(pt, d.status)}` })}`
}

const SENTENCES: Record<string, Sentence> = {
  'tutor.register': (_d, pt) => pt('log.register'),
  'tutor.create': (_d, pt) => pt('log.create'),
  'tutor.create_undone': (_d, pt) => pt('log.create_undone'),
  'tutor.password_reset_code': (d, pt) =>
    pt('log.password_reset_code', { channel: known(pt, `log.channel.${String(d.channel)}`) ?? '' }),
  'tutor.password_reset': (_d, pt) => pt('log.password_reset'),
  'tutor.password_set': (d, pt) =>
    d.sessions_revoked ? pt('log.password_set_sessions', { n: num(d.sessions_revoked) }) : pt('log.password_set'),
  'tutor.data_download': (d, pt) => pt('log.data_download', { n: num(d.documents) }),
  'tutor.phone_set': (d, pt) => pt('log.phone_set', { phone: String(d.phone ?? '') }),
  'tutor.phone_confirm': (_d, pt) => pt('log.phone_confirm'),
  'tutor.phone_resend_code': (_d, pt) => pt('log.phone_resend_code'),
  'tutor.terms_confirm': (_d, pt) => pt('log.terms_confirm'),
  'tutor.set_email_subscribe': (d, pt) => pt(on(d.value) ? 'log.email_subscribe_on' : 'log.email_subscribe_off'),
  'tutor.privacy_save': (d, pt) =>
    pt('log.privacy_save', {
      changes: Object.entries(d)
        .map(
          ([k, v]) =>
            `${known(pt, `log.privacy.${k}`) ?? pt('log.unknown_value')} — ${pt(on(v) ? 'p.yes' : 'p.no').toLowerCase()}`,
        )
        .join(', '),
    }),
  'tutor.delete_request': (_d, pt) => pt('log.delete_request'),
  'tutor.delete_request_cancel': (_d, pt) => pt('log.delete_request_cancel'),
  'tutor.verification_request': (_d, pt) => pt('log.verification_request'),
  'tutor.set_prof': (d, pt) =>
    pt('log.set_prof', { prof: d.prof ? (known(pt, `log.prof.${String(d.prof)}`) ?? pt('log.unknown_value')) : '—' }),
  'tutor.avatar_set': (_d, pt) => pt('log.avatar_set'),
  'billing_data.save': (d, pt) => pt('log.billing_save', { n: count(d.documents_added) }),
  'billing_data.approve': (_d, pt) => pt('log.billing_approve'),
  'billing_data.reject': (d, pt) => pt('log.billing_reject', { comment: String(d.reject_comment ?? '') }),
  'billing_data.clear_field': (d, pt) =>
    pt('log.billing_clear', { field: known(pt, `bd.field.${String(d.field)}`) ?? pt('log.unknown_value') }),
  'tutor.avatar_crop': (_d, pt) => pt('log.avatar_crop'),
  'tutor.avatar_remove': (_d, pt) => pt('log.avatar_remove'),
  'tutor.profile_save': (d, pt) =>
    [
      pt('log.profile_save', { n: count(d.fields) }),
      Array.isArray(d.subjects) ? pt('log.profile_subjects', { n: d.subjects.length }) : '',
      count(d.documents_added) ? pt('log.documents_added', { n: count(d.documents_added) }) : '',
      count(d.documents_removed) ? pt('log.documents_removed', { n: count(d.documents_removed) }) : '',
      on(d.password_changed) ? pt('log.password_changed') : '',
      on(d.resubmitted) ? pt('log.resubmitted') : '',
    ]
      .filter(Boolean)
      .join('; '),
  'tutor.prices_set': (d, pt) => pt('log.prices_set', { n: count(d.after) }),
  'tutor.send_back': (d, pt) => pt('log.send_back', { reason: String(d.reason ?? '') }),
  'tutor.english_level': (d, pt) => pt('log.english_level', { band: String(d.band ?? '') }),
  'tutor.candidate_register': (_d, pt) => pt('log.candidate_register'),
  'tutor.publish': (d, pt) => pt('log.publish') + statusChange(d, pt),
  'tutor.unpublish': (_d, pt) => pt('log.unpublish'),
  'tutor.set_active': (_d, pt) => pt('log.set_active'),
  'tutor.set_inactive': (_d, pt) => pt('log.set_inactive'),
  'tutor.set_school': (d, pt) => pt(on(d.school) ? 'log.set_school' : 'log.unset_school') + statusChange(d, pt),
  'tutor.set_verified': (d, pt) => pt(on(d.verified) ? 'log.set_verified' : 'log.unset_verified'),
  'tutor.set_toggle': (d, pt) =>
    pt(on(d.value) ? 'log.toggle_on' : 'log.toggle_off', {
      toggle: known(pt, `t.toggle.${String(d.toggle)}`) ?? pt('log.unknown_value'),
    }),
  'tutor.set_favorite': (d, pt) => pt(on(d.favorite) ? 'log.add_favorite' : 'log.remove_favorite'),
  'tutor.save_admin_comment': (d, pt) =>
    d.admin_comment ? pt('log.admin_comment', { text: String(d.admin_comment) }) : pt('log.admin_comment_cleared'),
  'tutor.delete': (_d, pt) => pt('log.delete'),
  'tutor.copy': (d, pt) => pt('log.copy', { id: num(d.copied_from) }),
  'tutor.copied': (d, pt) => pt('log.copied', { id: num(d.copy_id) }),
  'tutor.anonymization_delete': (d, pt) => pt('log.anonymization_delete', { n: num(d.files_deleted) }),
  'tutor.wallet_add_money': (d, pt) =>
    pt('log.wallet_add_money', {
      amount: money(d.amount_minor, d.currency),
      balance: money(d.balance_after_minor, d.currency),
    }),
  'staff.impersonate': (_d, pt) => pt('log.impersonate'),
  'staff.impersonate_return': (_d, pt) => pt('log.impersonate_return'),
  // The provider is a brand name (Google, Facebook …), shown as it is.
  'oauth.link': (d, pt) => pt('log.oauth_link', { provider: String(d.provider ?? '') }),
}

/** One activity-log entry as a sentence in the panel's language. */
export function activitySentence(action: string, data: unknown, pt: PT): string {
  const sentence = SENTENCES[action]
  const d = data && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : {}
  return sentence ? sentence(d, pt) : pt('log.other')
}

/** Who did it: the name, or "System" / "Visitor" for entries with no person behind them. */
export function actorText(actor: { kind: string; id: number | null; name: string | null }, pt: PT): string {
  if (actor.kind === 'system') return pt('log.actor.system')
  if (actor.kind === 'anonymous') return pt('log.actor.anonymous')
  const kind = known(pt, `log.actor.${actor.kind}`) ?? ''
  return actor.name ?? `${kind} №${actor.id ?? '—'}`.trim()
}
