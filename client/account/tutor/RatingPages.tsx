// The tutor's rating (/rating) and affiliate (/affiliate) screens. The rating shows the points the
// catalogue ranks by, part by part, what raises each, and the tutor's place in every catalogue page
// that lists them (the server counts it in the catalogue's own order).
import { useState } from 'react'
import type { MessageKey } from '../../../i18n/format'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Button } from '../../ui/Button'
import { Card, PageTitle } from '../../ui/Card'
import { ErrorText, Skeleton } from '../../ui/State'

/** Every source of points, in the order the catalogue's ranking adds them. */
const REASONS = [
  'photo',
  'schedule',
  'video',
  'description',
  'diplomas',
  'response_time',
  'response_rate',
  'reviews',
  'review_marks',
  'ignored_requests',
] as const

export function RatingPage() {
  const at = useAreaText('cabinetMore')
  const { t, locale } = useSite()
  const rating = trpc.tutor.account.rating.useQuery()
  if (rating.isError) return <ErrorText>{t('errors.server_error')}</ErrorText>
  if (!rating.data) return <Skeleton lines={6} />
  const r = rating.data
  const pointsOf = new Map(r.parts.map((p) => [p.reason, p.points]))
  const avg = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(r.review_avg)
  return (
    <div className="flex flex-col gap-5" data-testid="rating-page">
      <PageTitle>{at('rating.title')}</PageTitle>
      <Card>
        <p className="text-3xl font-bold text-slate-900" data-testid="rating-points">
          {at('rating.points', { points: r.points })}
        </p>
        <p className="mt-1 text-sm text-slate-600">{at('rating.reviews', { count: r.review_count, avg })}</p>
        <p className="mt-3 text-sm text-slate-700">{at('rating.intro')}</p>
      </Card>
      <Card title={at('rating.slots')} id="rating-slots" testId="rating-slots">
        {r.slots.length === 0 ? (
          <p className="text-sm text-slate-700">{at('rating.not_listed')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {r.slots.map((s) => (
              <li
                key={`${s.lesson_id}:${s.city_id}`}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2"
                data-testid="rating-slot"
              >
                <span className="text-slate-800">
                  {s.lesson} ·{' '}
                  {s.kind === 'online'
                    ? at('rating.slot_online')
                    : s.kind === 'any_city'
                      ? at('rating.slot_any_city')
                      : s.city}
                </span>
                <span className="flex items-center gap-2 font-semibold tabular-nums text-slate-900">
                  {s.is_top && (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                      {at('rating.top')}
                    </span>
                  )}
                  {at('rating.position', { position: s.position, total: s.total })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={at('rating.raise')} id="rating-raise" testId="rating-raise">
        <ul className="flex flex-col gap-2">
          {REASONS.map((reason) => {
            const points = pointsOf.get(reason) ?? 0
            return (
              <li key={reason} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="text-sm text-slate-800">
                  <span className="font-medium">{t(`why.${reason}` as MessageKey)}</span>
                  {': '}
                  {at(`rating.tip.${reason}`)}
                </span>
                <span
                  className={`text-sm tabular-nums ${points > 0 ? 'text-emerald-700' : points < 0 ? 'text-red-700' : 'text-slate-500'}`}
                  data-testid={`rating-part-${reason}`}
                >
                  {at('rating.now', { points: points > 0 ? `+${points}` : points })}
                </span>
              </li>
            )
          })}
        </ul>
      </Card>
    </div>
  )
}

export function AffiliatePage() {
  const at = useAreaText('cabinetMore')
  const { t } = useSite()
  const affiliate = trpc.tutor.account.affiliate.useQuery()
  const [copied, setCopied] = useState(false)
  if (affiliate.isError) return <ErrorText>{t('errors.server_error')}</ErrorText>
  if (!affiliate.data) return <Skeleton lines={4} />
  const { affiliate_link: link, registered } = affiliate.data
  const copy = () =>
    navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied(true))
      .catch(() => setCopied(false))
  return (
    <div className="flex flex-col gap-5" data-testid="affiliate-page">
      <PageTitle>{at('affiliate.title')}</PageTitle>
      <Card>
        <p className="text-slate-700">{at('affiliate.intro')}</p>
        <label htmlFor="affiliate-link" className="mt-4 block text-sm font-medium text-slate-800">
          {at('affiliate.link')}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="affiliate-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
          />
          <Button variant="secondary" onClick={copy}>
            {copied ? at('affiliate.copied') : at('affiliate.copy')}
          </Button>
        </div>
        <p className="mt-4 text-sm text-slate-700" data-testid="affiliate-registered">
          {at('affiliate.registered', { count: registered })}
        </p>
      </Card>
    </div>
  )
}
