// A tutor's published ads on the profile page /user-{id}/: title, subject, price
// (or "by agreement"), text and images. Prefetched by the server with the same input
// (client/lib/page-queries.ts profileAdsInput); nothing is shown while the tutor has none.
import { MINOR_PER_UNIT } from '../../common/money'
import { Price } from '../ui/Price'
import { profileAdsInput } from '../lib/page-queries'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

export function TutorAds({ tutorId }: { tutorId: number }) {
  const { t, edition } = useSite()
  const ads = trpc.public.content.ads.useQuery(profileAdsInput(tutorId))
  if (!ads.data?.items.length) return null
  return (
    <section aria-labelledby="ads-heading" className="flex flex-col gap-3" data-testid="tutor-ads">
      <h2 id="ads-heading" className="text-xl font-bold text-slate-900">
        {t('ads.heading')}
      </h2>
      <ul className="flex flex-col gap-3">
        {ads.data.items.map((a) => (
          <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <article className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{a.title}</h3>
                {a.price !== null ? (
                  <Price
                    minor={a.price * MINOR_PER_UNIT}
                    currency={edition.currencyIcon}
                    className="font-semibold text-slate-900"
                  />
                ) : (
                  <span className="text-sm text-slate-600">{t('ads.by_agreement')}</span>
                )}
              </div>
              {a.lesson_name && (
                <span className="self-start rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
                  {a.lesson_name}
                </span>
              )}
              <p className="whitespace-pre-line text-slate-700">{a.text}</p>
              {a.images.length > 0 && (
                <ul className="flex flex-wrap gap-2">
                  {a.images.map((i) => (
                    <li key={i.id}>
                      <img
                        src={i.url}
                        alt=""
                        loading="lazy"
                        width={i.width}
                        height={i.height}
                        className="h-24 w-auto rounded-lg object-cover"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}
