// The state of the profile above the editor: published or not (and, when published, whether the
// catalogue's listing rule still keeps it out: GET /tutor/profile/completeness), the e-mail (confirmed, or a resend of
// the confirmation letter) and the phone. A failed confirmation link lands here with ?code_error.
import { useSearch } from 'wouter'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { trpc } from '../../lib/trpc'
import { Dot, PhoneBox } from './PhoneBox'

export function ProfileStatus({
  published,
  active,
  sentBackReason,
  tutorId,
}: {
  published: boolean
  active: boolean
  sentBackReason: string | null
  tutorId: number
}) {
  const at = useAreaText('account')
  const href = useLocalePath()
  const settings = trpc.tutor.account.settings.get.useQuery()
  const resend = trpc.auth.tutor.resendEmail.useMutation({
    onSuccess: () => showSuccess(at('account.confirmation_sent')),
    onError: showError,
  })
  // The moderator's publication alone does not list the profile (docs/product.md#tutor-onboarding).
  const gaps = trpc.tutor.profile.completeness.useQuery().data?.listing_gaps ?? []
  const notListed = published && gaps.length > 0
  const codeError = new URLSearchParams(useSearch()).has('code_error')
  const s = settings.data
  return (
    <Card title={at('account.status_title')} id="profile-status">
      <div className="flex flex-col gap-4" data-testid="profile-status">
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <Dot ok={published && active && !notListed} />
          {!active
            ? at('account.hidden')
            : notListed
              ? at('account.published_not_listed')
              : published
                ? at('account.published')
                : at('account.not_published')}
        </p>
        {sentBackReason && (
          <p role="alert" data-testid="sent-back" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {at('account.sent_back', { reason: sentBackReason })}
          </p>
        )}
        {!published && (
          <div data-testid="next-steps" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <p className="font-medium text-slate-900">{at('account.next_title')}</p>
            <ol className="mt-1 list-decimal pl-5">
              <li>{at('account.next_fill')}</li>
              <li>{at('account.next_review')}</li>
              <li>{at('account.next_told')}</li>
            </ol>
          </div>
        )}
        {published && (
          <a href={href(`/user-${tutorId}/`)} className="text-sm font-medium text-brand-dark underline">
            {at('account.public_page')}
          </a>
        )}
        {codeError && !s?.email_confirmed && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {at('account.code_error')}
          </p>
        )}
        {s && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex items-center gap-2 text-sm text-slate-800" data-testid="email-status">
              <Dot ok={s.email_confirmed} />
              {s.email_confirmed
                ? at('account.email_confirmed', { email: s.email ?? '' })
                : at('account.email_not_confirmed', { email: s.email ?? '' })}
            </p>
            {!s.email_confirmed && (
              <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
                {at('account.resend_confirmation')}
              </Button>
            )}
          </div>
        )}
        {s && <PhoneBox phone={s.phone} confirmed={s.phone_confirmed} />}
      </div>
    </Card>
  )
}
