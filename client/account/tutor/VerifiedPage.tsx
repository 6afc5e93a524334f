// /verified-tutor: the verification state and the request for it. The request is possible only when
// the indicators allow it (a complete profile); otherwise the page lists what is missing.
import { Link } from 'wouter'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { useRefreshIndicators } from './indicators'

const MISSING = ['avatar', 'subject', 'place', 'description', 'email_confirmed'] as const

export function VerifiedPage({ tutorId }: { tutorId: number }) {
  const at = useAreaText('account')
  const { locale } = useSite()
  const href = useLocalePath()
  const utils = trpc.useUtils()
  const refreshIndicators = useRefreshIndicators()
  const verified = trpc.tutor.account.verified.get.useQuery()
  const confirm = trpc.tutor.account.verified.confirm.useMutation({
    onSuccess: async () => {
      showSuccess(at('account.verified_sent'))
      await utils.tutor.account.verified.get.invalidate()
    },
    onError: showError,
  })
  const v = verified.data
  const when = v?.verification_requested_at
    ? new Date(v.verification_requested_at).toLocaleDateString(locale === 'ua' ? 'uk' : locale)
    : ''
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{at('account.verified_title')}</h1>
      <Card title={at('account.nav_verified')} id="verification">
        <div className="flex flex-col gap-4" data-testid="verification">
          <p className="text-sm text-slate-700">{at('account.verified_intro')}</p>
          {!v && <p className="text-slate-600">{at('account.loading')}</p>}
          {v?.verified && (
            <p className="rounded-lg bg-emerald-50 px-3 py-2 font-medium text-emerald-800">
              {at('account.verified_yes')}
            </p>
          )}
          {v && !v.verified && v.verification_requested && (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-sky-900">
              {at('account.verified_requested', { date: when })}
            </p>
          )}
          {v && !v.verified && !v.verification_requested && v.is_allow_verification && (
            <>
              <p className="text-emerald-800">{at('account.verified_ready')}</p>
              <div>
                <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                  {at('account.verified_request')}
                </Button>
              </div>
            </>
          )}
          {v && !v.verified && !v.is_allow_verification && (
            <>
              <p className="text-slate-800">{at('account.verified_missing')}</p>
              <ul className="list-inside list-disc text-sm text-slate-700" data-testid="verification-missing">
                {MISSING.filter((m) => v.missing.includes(m)).map((m) => (
                  <li key={m}>{at(`account.missing_${m}`)}</li>
                ))}
              </ul>
              <div>
                <Link
                  href={href('/profile/')}
                  className="font-medium text-brand-dark underline underline-offset-2"
                  onClick={() => void refreshIndicators(tutorId).catch(() => {})}
                >
                  {at('account.go_profile')}
                </Link>
              </div>
            </>
          )}
        </div>
      </Card>
    </div>
  )
}
