// The state of the profile above the editor: published or not, the e-mail (confirmed, or a resend of
// the confirmation letter) and the phone. A failed confirmation link lands here with ?code_error.
import { useSearch } from 'wouter'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import { trpc } from '../../lib/trpc'
import { Dot, PhoneBox } from './PhoneBox'

export function ProfileStatus({ published, active }: { published: boolean; active: boolean }) {
  const at = useAreaText('account')
  const settings = trpc.tutor.account.settings.get.useQuery()
  const resend = trpc.auth.tutor.resendEmail.useMutation({
    onSuccess: () => showSuccess(at('account.confirmation_sent')),
    onError: showError,
  })
  const codeError = new URLSearchParams(useSearch()).has('code_error')
  const s = settings.data
  return (
    <Card title={at('account.status_title')} id="profile-status">
      <div className="flex flex-col gap-4" data-testid="profile-status">
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <Dot ok={published && active} />
          {!active ? at('account.hidden') : published ? at('account.published') : at('account.not_published')}
        </p>
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
