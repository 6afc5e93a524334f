// The tutor's way to the catalogue above the profile editor: the onboarding steps with progress (each
// links to its card below), what keeps the profile out of the catalogue and what would raise its rating
// points — all from GET /tutor/profile/completeness, which answers with the catalogue's own rules
// (docs/product.md#tutor-onboarding) — and the way to the preview of the public page.
import { Link } from 'wouter'
import { Card } from '../../ui/Card'
import { ErrorText } from '../../ui/State'
import { useSite } from '../../lib/site'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { trpc } from '../../lib/trpc'

/** Each step's card in the editor (ProfilePage); the link goes to its heading (`<id>-title`, client/ui/Card.tsx). */
const STEP_ANCHOR = {
  basics: 'main',
  subjects: 'subjects',
  prices: 'prices',
  places: 'locations',
  photo: 'avatar',
  about: 'about',
} as const

export function OnboardingGuide() {
  const at = useAreaText('account')
  const href = useLocalePath()
  const { t } = useSite()
  const completeness = trpc.tutor.profile.completeness.useQuery()
  const c = completeness.data
  // A read that failed (after the query client's retry) says so instead of loading for ever.
  if (!c && completeness.isError)
    return (
      <Card title={at('account.guide_title')} id="guide" testId="onboarding-guide">
        <ErrorText>{t('errors.server_error')}</ErrorText>
      </Card>
    )
  if (!c) return <div aria-busy="true" className="h-40 animate-pulse rounded-xl bg-slate-100" />
  const done = c.steps.filter((s) => s.done).length
  const total = c.steps.length
  const percent = Math.round((done / total) * 100)
  return (
    <Card title={at('account.guide_title')} id="guide" testId="onboarding-guide">
      <div className="flex flex-col gap-5">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800" data-testid="guide-progress">
            {at('account.guide_progress', { done, total })}
          </p>
          <div
            role="progressbar"
            aria-label={at('account.guide_title')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <ol className="grid gap-1.5 sm:grid-cols-2" data-testid="guide-steps">
          {c.steps.map((s, i) => (
            <li key={s.step} data-step={s.step} data-done={s.done}>
              <a
                href={`#${STEP_ANCHOR[s.step]}-title`}
                className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <StepMark n={i + 1} done={s.done} />
                <span className={s.done ? 'text-slate-600' : 'font-medium'}>{at(`account.step_${s.step}`)}</span>
                <span className="sr-only">
                  {' — '}
                  {s.done ? at('account.step_done') : at('account.step_todo')}
                </span>
              </a>
            </li>
          ))}
          <li data-step="preview">
            <Link
              href={href('/profile/preview')}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-dark hover:bg-slate-50"
            >
              <StepMark n={total + 1} done={false} />
              {at('account.step_preview')}
            </Link>
          </li>
        </ol>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-testid="listing-checklist">
            <p className="text-sm font-semibold text-slate-900">{at('account.listing_title')}</p>
            {c.listing_gaps.length === 0 ? (
              <p className="mt-1 text-sm text-emerald-800">{at('account.listed_now')}</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
                {c.listing_gaps.map((g) => (
                  <li key={g} className="flex gap-2">
                    <span aria-hidden="true" className="text-amber-600">
                      •
                    </span>
                    {at(`account.gap_${g}`)}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div data-testid="rating-gains">
            <p className="text-sm font-semibold text-slate-900">{at('account.gains_title')}</p>
            <p className="mt-1 text-sm text-slate-700">{at('account.points_now', { points: c.points })}</p>
            <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
              {c.gains.map((g) => (
                <li key={g.reason} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-dark">
                    +
                  </span>
                  {at(`account.gain_${g.reason}`, { points: g.points })}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Link
          href={href('/profile/preview')}
          className="self-start rounded-lg border border-brand px-4 py-2 text-sm font-semibold text-brand-dark hover:bg-brand/10"
          data-testid="preview-link"
        >
          {at('account.preview_open')}
        </Link>
      </div>
    </Card>
  )
}

function StepMark({ n, done }: { n: number; done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
        done ? 'bg-emerald-600 text-white' : 'border border-slate-300 bg-white text-slate-600'
      }`}
    >
      {done ? '✓' : n}
    </span>
  )
}
