// The tutor editor's "as the public sees it" card: what the moderator approves — the photo, subjects
// with levels and per-subject prices in the edition's currency, places with city and districts, the
// text about the tutor and the documents — read from GET /admin/tutor/profile/preview (the public
// profile's own answer, published or not), so it never differs from the page a visitor will get.
import { placesText } from '../components/TutorCard'
import { minutesText } from '../lib/prices'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { Card } from '../ui/Card'
import { Price } from '../ui/Price'
import { Loading } from '../ui/State'
import type { PT } from './text'

export function TutorPublicCard({ id, pt }: { id: number; pt: PT }) {
  const { edition, locale } = useSite()
  const preview = trpc.admin.tutors.profile.preview.useQuery({ id })
  const p = preview.data
  const places = p ? placesText(p) : []
  return (
    <Card title={pt('t.public_view')} testId="tutor-public-view">
      {!p ? (
        <Loading text={pt('panel.loading')} />
      ) : (
        <div className="flex flex-col gap-4 text-sm text-slate-800">
          <div className="flex items-center gap-4">
            {p.avatar ? (
              <img
                src={p.avatar.preview_url}
                alt={p.name}
                className="size-20 rounded-xl object-cover"
                data-testid="public-view-photo"
              />
            ) : (
              <span className="flex size-20 items-center justify-center rounded-xl bg-slate-100 text-xs text-slate-500">
                {pt('t.no_photo')}
              </span>
            )}
            <p className="text-base font-semibold text-slate-900">{p.name}</p>
          </div>
          <section>
            <h3 className="font-semibold text-slate-900">{pt('t.public_subjects')}</h3>
            <ul className="mt-1 flex flex-col gap-2" data-testid="public-view-subjects">
              {p.lessons.map((l) => (
                <li key={l.id}>
                  <span className="font-medium">{l.name}</span>
                  {l.levels.length > 0 && `: ${l.levels.map((v) => v.name).join(', ')}`}
                  <span className="block text-slate-700">
                    {l.prices.length === 0
                      ? pt('t.no_prices')
                      : l.prices.map((price, i) => (
                          <span key={price.minutes}>
                            {i > 0 && ' · '}
                            {minutesText(price.minutes, locale)}{' '}
                            <Price minor={price.amount_minor} currency={edition.currencyIcon} />
                          </span>
                        ))}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="font-semibold text-slate-900">{pt('t.public_places')}</h3>
            <p data-testid="public-view-places">
              {[...places, ...(p.online ? [pt('t.public_online')] : [])].join('; ') || pt('t.no_places')}
            </p>
          </section>
          {p.description && (
            <section>
              <h3 className="font-semibold text-slate-900">{pt('t.public_about')}</h3>
              <p className="line-clamp-6 whitespace-pre-line">{p.description}</p>
            </section>
          )}
          <section>
            <h3 className="font-semibold text-slate-900">{pt('t.documents')}</h3>
            {p.documents.length === 0 ? (
              <p>{pt('t.no_documents')}</p>
            ) : (
              <ul className="flex flex-col gap-1" data-testid="public-view-documents">
                {p.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} target="_blank" rel="noreferrer" className="text-sky-800 hover:underline">
                      {d.name}
                    </a>
                    {d.description && ` — ${d.description}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Card>
  )
}
