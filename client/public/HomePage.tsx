// The main page (docs/product.md#2-screens-and-routes): the heading, the tutor search form with the
// online box, popular subjects and cities, top tutors and the latest reviews (`mainPage`, which
// the server prefetches with the form's lists: server/ssr/loaders.ts).
import { Link } from 'wouter'
import { cataloguePath } from '../../common/catalogue-paths'
import { SearchForm } from '../components/SearchForm'
import { Stars } from '../components/Stars'
import { TutorCard } from '../components/TutorCard'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { PageH1 } from '../lib/page-h1'

/** Structured data and the main page suggest at most 10 tutors (docs/product.md#9-business-constants-and-limits). */
const SUGGESTED_TUTORS = 10

const CHIP =
  'inline-block rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-800 hover:border-brand hover:text-brand-dark'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h2 className="mb-4 text-2xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

export function HomePage() {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined).data ?? []
  const cities = trpc.public.reference.allCities.useQuery(undefined).data ?? []
  const main = trpc.public.catalogue.mainPage.useQuery(undefined).data
  const firstSubject = main?.popular_subjects[0]?.alias
  // Staff may reword the heading and description (panel units_blocks); the catalog's text otherwise.
  // The heading and description are site blocks staff edit (panel units_blocks), as in the footer.
  const blocks = trpc.public.site.blocks.useQuery(undefined, { staleTime: 60_000 }).data?.blocks

  return (
    <>
      <section className="bg-gradient-to-b from-brand/10 to-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center md:py-20">
          <PageH1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">
            {blocks?.home_heading ?? t('home.heading')}
          </PageH1>
          <p className="max-w-2xl text-lg text-slate-700">{blocks?.home_description ?? t('home.description')}</p>
          <div className="w-full text-left">
            <SearchForm id="home-search" subjects={subjects} cities={cities} showOnline />
          </div>
        </div>
      </section>
      {main && main.popular_subjects.length > 0 && (
        <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 md:grid-cols-2">
          <section>
            <h2 className="mb-4 text-2xl font-bold text-slate-900">{t('home.popular_subjects')}</h2>
            <ul className="flex flex-wrap gap-2">
              {main.popular_subjects.map((s) => (
                <li key={s.id}>
                  <Link href={href(s.link)} className={CHIP}>
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          {firstSubject && main.popular_cities.length > 0 && (
            <section>
              <h2 className="mb-4 text-2xl font-bold text-slate-900">{t('home.popular_cities')}</h2>
              <ul className="flex flex-wrap gap-2">
                {main.popular_cities.map((c) => (
                  <li key={c.id}>
                    {/* A city opens the most popular subject there. */}
                    <Link href={href(cataloguePath(edition, { lesson: firstSubject, city: c.alias }))} className={CHIP}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
      {main && main.top_tutors.length > 0 && (
        <Section title={t('home.top_tutors')}>
          <ul className="grid gap-4 lg:grid-cols-2">
            {main.top_tutors.slice(0, SUGGESTED_TUTORS).map((card) => (
              <li key={card.id}>
                <TutorCard card={card} headingLevel={3} why={false} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {main && main.latest_reviews.length > 0 && (
        <Section title={t('footer.reviews')}>
          <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {main.latest_reviews.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{r.client_name}</span>
                  <Stars value={r.review_mark} />
                </div>
                <p className="line-clamp-5 text-sm text-slate-700">{r.review_text}</p>
                <Link
                  href={href(`/user-${r.tutor_id}/`)}
                  className="mt-auto text-sm font-medium text-brand-dark hover:underline"
                >
                  {r.tutor_name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  )
}
