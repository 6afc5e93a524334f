// /test/ and /test/english/ in the tutor cabinet ("Tutors may take it for their profile
// badge"): the tutor's current English level badge (band and date, or not taken yet), a button to take
// the test at /test/english/start as the signed-in tutor, and the public profile where the badge shows.
import { Link } from 'wouter'
import { CURRENT_ATTEMPT_KEY } from '../../../common/level-test'
import { tutorProfilePath } from '../../../common/routes'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Card } from '../../ui/Card'
import { ErrorText, Loading } from '../../ui/State'

export function LevelTestEntry({ tutorId }: { tutorId: number }) {
  const at = useAreaText('account')
  const { locale } = useSite()
  const href = useLocalePath()
  const badge = trpc.tutor.levelTest.badge.useQuery(undefined, { refetchOnMount: 'always' })
  const b = badge.data
  const date = b?.passed_at ? new Date(b.passed_at).toLocaleDateString(locale === 'ua' ? 'uk' : locale) : ''
  // A fresh attempt as the signed-in tutor: an attempt this browser kept from before (perhaps as a
  // visitor, which would earn no badge) is not resumed.
  const fresh = () => {
    try {
      localStorage.removeItem(CURRENT_ATTEMPT_KEY)
    } catch {
      /* storage off: nothing kept anyway */
    }
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{at('account.level_test_title')}</h1>
      <Card title={at('account.nav_level_test')} id="level-test">
        <div className="flex flex-col gap-4" data-testid="cabinet-level-test">
          <p className="text-sm text-slate-700">{at('account.level_test_intro')}</p>
          {badge.isError && <ErrorText>{badge.error.message}</ErrorText>}
          {badge.isPending && <Loading text={at('account.loading')} />}
          {b && (
            <p
              data-testid="cabinet-level-badge"
              data-band={b.band ?? ''}
              className={`rounded-lg px-3 py-2 font-medium ${b.band ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
            >
              {b.band
                ? at('account.level_test_badge', { band: b.band.toUpperCase(), date })
                : at('account.level_test_none')}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <a
              href={href(b?.start_path ?? '/test/english/start')}
              onClick={fresh}
              data-testid="cabinet-level-test-take"
              className="inline-flex items-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark"
            >
              {b?.band ? at('account.level_test_retake') : at('account.level_test_take')}
            </a>
            {b?.band && (
              <Link
                href={href(tutorProfilePath(tutorId))}
                className="text-sm font-medium text-brand-dark underline underline-offset-2"
                data-testid="cabinet-level-test-profile"
              >
                {at('account.level_test_profile')}
              </Link>
            )}
          </div>
        </div>
      </Card>
    </div>
  )
}
