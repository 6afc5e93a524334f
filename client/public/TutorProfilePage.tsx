// A tutor's public profile, /user-{id}/: subjects with levels and descriptions,
// places, description, university, rating and reviews (10 at a time, by subject), the order button
// and the tutors this visitor viewed before (kept in local storage, read after mount only).
import type { inferRouterOutputs } from '@trpc/server'
import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { reviewsKey } from '../../i18n/format'
import type { Locale } from '../../common/editions'
import type { AppRouter } from '../../server/routers/app'
import { Stars } from '../components/Stars'
import { Avatar, ResponseTime, TopBadge, placesText, priceLabel } from '../components/TutorCard'
import { profileReviewsInput } from '../lib/page-queries'
import { TutorAds } from './TutorAds'
import { minutesText } from '../lib/prices'
import { moneyText, moneyRangeText } from '../../common/money'
import { CATALOGUE_MINUTES } from '../../common/price-rules'
import { Price } from '../ui/Price'
import { useLocalePath } from '../lib/paths'
import { SearchListsContext } from '../lib/search-lists'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { PAGE_MODULES, type PageProps } from '../pages'
import { announceView, profileTitle, usePageTitle } from '../lib/page-title'
import { PageH1 } from '../lib/page-h1'

/**
 * The school's two levels beside its base rates (docs/product.md#9-business-constants-and-limits), for school tutors
 * (status 6). Here, not in the page catalogs, which every public page ships.
 */
const SCHOOL_LEVELS: Record<Locale, readonly [string, string]> = {
  ua: ['Базовий рівень', 'Поглиблений рівень'],
  ru: ['Базовый уровень', 'Продвинутый уровень'],
  en: ['Base level', 'Advanced level'],
  pl: ['Poziom podstawowy', 'Poziom zaawansowany'],
  es: ['Nivel básico', 'Nivel avanzado'],
}

type PublicTutor = inferRouterOutputs<AppRouter>['public']['catalogue']['tutor']

const REVIEWS_PER_PAGE = 10
const VIEWED_KEY = 'viewed_tutors'
const VIEWED_MAX = 10

/** Puts a tutor first in the visitor's viewed list ("3,1,2", most recent first, at most 10); returns the list. */
function rememberViewed(id: number): number[] {
  let ids: number[] = []
  try {
    ids = (localStorage.getItem(VIEWED_KEY) ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
  } catch {
    // storage unavailable (privacy mode): nothing remembered
  }
  const next = [id, ...ids.filter((i) => i !== id)].slice(0, VIEWED_MAX)
  try {
    localStorage.setItem(VIEWED_KEY, next.join(','))
  } catch {
    // as above
  }
  return next
}

/** The reviews query of one page; the first unfiltered page is the one the server prefetched. */
function reviewsInput(tutorId: number, lessonId: number | undefined, page: number) {
  return {
    ...profileReviewsInput(tutorId),
    ...(lessonId ? { lesson_id: lessonId } : {}),
    ...(page > 1 ? { limit: REVIEWS_PER_PAGE, page } : {}),
  }
}

/** "2024-03-05T…" as 05.03.2024 (no time zone or locale data: the server and the browser agree). */
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.')

function H2({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-3 text-xl font-bold text-slate-900">{children}</h2>
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
          <p key={i} className="whitespace-pre-line text-slate-700">
            {p}
          </p>
        ))}
    </>
  )
}

function ReviewsPage({ tutorId, lessonId, page }: { tutorId: number; lessonId?: number; page: number }) {
  const { t } = useSite()
  const reviews = trpc.public.catalogue.reviews.useQuery(reviewsInput(tutorId, lessonId, page))
  if (!reviews.data) return reviews.isPending ? <li className="text-sm text-slate-600">{t('common.loading')}</li> : null
  return (
    <>
      {reviews.data.items.map((r) => (
        <li key={r.id} className="flex flex-col gap-2 border-b border-slate-100 pb-4 last:border-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold text-slate-900">{r.client_name}</span>
            <Stars value={r.review_mark} />
            <span className="text-sm text-slate-600">{day(r.created_at)}</span>
            {r.lesson && (
              <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {r.lesson}
                {r.level ? `: ${r.level}` : ''}
              </span>
            )}
          </div>
          {r.review_text && <p className="text-slate-700">{r.review_text}</p>}
          {r.review_response_text && (
            <p className="ml-4 border-l-2 border-brand/40 pl-3 text-sm text-slate-700">
              <span className="font-semibold">{r.tutor_name}: </span>
              {r.review_response_text}
            </p>
          )}
        </li>
      ))}
    </>
  )
}

function Reviews({ tutor }: { tutor: PublicTutor }) {
  const { locale, t } = useSite()
  const [lessonId, setLessonId] = useState<number | undefined>()
  const [pages, setPages] = useState(1)
  const first = trpc.public.catalogue.reviews.useQuery(reviewsInput(tutor.id, lessonId, 1))
  const total = first.data?.total ?? 0
  const shown = Math.min(total, pages * REVIEWS_PER_PAGE)

  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
          {t('footer.reviews')}
        </h2>
        {tutor.lessons.length > 1 && (
          <div className="flex items-center gap-2">
            <label htmlFor="reviews-lesson" className="text-sm font-medium text-slate-700">
              {t('search.lesson_placeholder')}
            </label>
            <select
              id="reviews-lesson"
              value={lessonId ?? ''}
              onChange={(e) => {
                setLessonId(e.target.value ? Number(e.target.value) : undefined)
                setPages(1)
              }}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            >
              <option value="">{t('catalogue.any')}</option>
              {tutor.lessons.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="flex items-center gap-2 text-slate-700">
        {tutor.review_count > 0 && <Stars value={tutor.rating} />}
        {tutor.review_count > 0 && <span className="font-semibold text-slate-900">{tutor.rating}</span>}
        <span>
          {t(reviewsKey(locale, lessonId ? total : tutor.review_count), {
            count: lessonId ? total : tutor.review_count,
          })}
        </span>
      </div>
      <ul className="flex flex-col gap-4">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <ReviewsPage key={`${lessonId ?? 0}-${n}`} tutorId={tutor.id} lessonId={lessonId} page={n} />
        ))}
      </ul>
      {shown < total && (
        <button
          type="button"
          onClick={() => setPages((n) => n + 1)}
          className="self-start rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {t('profile.show_more')}
        </button>
      )}
    </section>
  )
}

/** Other tutors this browser viewed, most recent first (nothing on the server or before mount). */
function ViewedTutors({ tutorId }: { tutorId: number }) {
  const { t } = useSite()
  const href = useLocalePath()
  const [others, setOthers] = useState<number[]>([])
  useEffect(() => setOthers(rememberViewed(tutorId).filter((id) => id !== tutorId)), [tutorId])
  const viewed = trpc.public.catalogue.viewed.useQuery({ ids: others }, { enabled: others.length > 0 })
  const items = others.length ? (viewed.data?.items ?? []) : []
  if (!items.length) return null
  return (
    <section className="flex flex-col gap-3">
      <H2>{t('profile.viewed')}</H2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((c) => (
          <li key={c.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <Avatar card={c} size="size-12" small />
            <div className="min-w-0">
              <Link
                href={href(`/user-${c.id}/`)}
                className="font-semibold text-slate-900 hover:text-brand-dark hover:underline"
              >
                {c.name}
              </Link>
              <p className="truncate text-sm text-slate-600">{c.lessons.map((l) => l.name).join(', ')}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Places({ title, places }: { title: string; places: string[] }) {
  return (
    <li className="text-slate-700">
      <span className="font-semibold text-slate-900">{title}</span>
      {places.length > 0 && `: ${places.join('; ')}`}
    </li>
  )
}

// The 404 page from its own chunk, not a static import (client/lib/search-lists.ts says why).
const NotFound = PAGE_MODULES.not_found.Component

export function TutorProfilePage({ page }: PageProps) {
  const { t } = useSite()
  // The subject the visitor came for (the catalogue card's link carries it): the price box names it.
  const lessonId = Number(new URLSearchParams(useSearch()).get('lesson')) || undefined
  const query = trpc.public.catalogue.tutor.useQuery({ id: page.tutorId! })
  usePageTitle(query.data ? profileTitle(query.data) : null)
  // view_item: once per profile shown.
  const viewed = query.data
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per profile, not per refetch
  useEffect(() => {
    if (viewed) announceView({ item: viewed })
  }, [viewed?.id])
  const missing = query.error?.data?.code === 'NOT_FOUND'
  // The 404 page's search form (the server prefetches these lists when the tutor is missing).
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined, { enabled: missing }).data ?? []
  const cities = trpc.public.reference.allCities.useQuery(undefined, { enabled: missing }).data ?? []
  if (missing)
    return (
      <SearchListsContext.Provider value={{ subjects, cities }}>
        <NotFound page={page} />
      </SearchListsContext.Provider>
    )
  const tutor = query.data
  if (!tutor) {
    return (
      <div aria-busy="true" className="mx-auto min-h-[50vh] max-w-6xl px-4 py-8 text-slate-600">
        {query.error ? t('errors.server_error') : t('common.loading')}
      </div>
    )
  }

  return <TutorProfileView tutor={tutor} lessonId={lessonId} />
}

/**
 * The profile itself. `preview`: the tutor's own (or staff's) look before publication — the same page
 * without the parts that read public-only data (reviews, ads, viewed tutors) and with no order button.
 */
export function TutorProfileView({
  tutor,
  lessonId,
  preview = false,
}: {
  tutor: PublicTutor
  lessonId?: number | undefined
  preview?: boolean
}) {
  const { edition, locale, t } = useSite()
  const href = useLocalePath()
  const price = tutor.school_rates ? priceLabel(tutor, edition, locale) : null
  const subjectPrice = tutor.school_rates ? null : priceOfSubject(tutor, lessonId)
  const home = placesText({ locations_home: tutor.locations_home, locations_travel: [] })
  const travel = placesText({ locations_home: [], locations_travel: tutor.locations_travel })
  const orderLink = preview ? (
    <span className="inline-flex w-full items-center justify-center rounded-lg bg-slate-200 px-5 py-3 text-base font-semibold text-slate-600">
      {t('profile.order')}
    </span>
  ) : (
    <Link
      href={href(`/request/tutor/${tutor.id}/`)}
      className="inline-flex w-full items-center justify-center rounded-lg bg-brand px-5 py-3 text-base font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {t('profile.order')}
    </Link>
  )
  const orderBox = (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {price && (
        <p data-testid="profile-price" className="text-2xl font-bold text-slate-900">
          {price}
        </p>
      )}
      {subjectPrice && (
        <div>
          <p data-testid="profile-price" className="text-2xl font-bold text-slate-900">
            {t(subjectPrice.from ? 'profile.price_from' : 'profile.price_of', {
              price: moneyText(subjectPrice.amount_minor, edition.currencyIcon),
              minutes: minutesText(CATALOGUE_MINUTES, locale),
            })}
          </p>
          <p data-testid="profile-price-subject" className="text-sm text-slate-600">
            {subjectPrice.subject}
          </p>
        </div>
      )}
      {!price && !subjectPrice && tutor.rate && (
        <p data-testid="profile-price" className="text-2xl font-bold text-slate-900">
          {priceLabel(tutor, edition, locale)}
        </p>
      )}
      {tutor.school_rates && <p className="text-sm text-slate-600">{t('header.school_tutor')}</p>}
      {tutor.school_rates && (
        <dl data-testid="school-rates" className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-slate-700">
          {(['base', 'advanced'] as const).map((level, i) => (
            <div key={level} className="contents">
              <dt>{SCHOOL_LEVELS[locale][i]}</dt>
              <dd className="text-right font-semibold whitespace-nowrap text-slate-900">
                {moneyRangeText(tutor.school_rates![level][0], tutor.school_rates![level][1], edition.currencyIcon)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ResponseTime bucket={tutor.response_bucket} />
      {orderLink}
    </div>
  )

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[1fr_18rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <header className="flex gap-5">
          <Avatar card={tutor} size="size-24 sm:size-32" />
          <div className="flex min-w-0 flex-col gap-2">
            {preview ? (
              <h2 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{tutor.name}</h2>
            ) : (
              <PageH1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{tutor.name}</PageH1>
            )}
            {(tutor.is_top || tutor.english_level) && (
              <div className="flex flex-wrap gap-2">
                {tutor.is_top && <TopBadge />}
                {tutor.english_level && (
                  <span
                    className="inline-flex shrink-0 items-center rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-300"
                    data-testid="english-level-badge"
                  >
                    {t('profile.english_level', { band: tutor.english_level.toUpperCase() })}
                  </span>
                )}
              </div>
            )}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
              {tutor.review_count > 0 && <Stars value={tutor.rating} />}
              {tutor.review_count > 0 && <span className="font-semibold text-slate-900">{tutor.rating}</span>}
              <a href="#reviews-heading" className="text-brand-dark underline underline-offset-2">
                {t(reviewsKey(locale, tutor.review_count), { count: tutor.review_count })}
              </a>
            </div>
            {tutor.university.name && (
              <p className="text-slate-700">
                {tutor.university.name}
                {tutor.university_graduation_year ? `, ${tutor.university_graduation_year}` : ''}
              </p>
            )}
          </div>
        </header>
        <div className="md:hidden">{orderBox}</div>

        {/* A thin profile shows no heading over an empty list. */}
        {tutor.lessons.length > 0 && (
          <section>
            <H2>{t('profile.subjects')}</H2>
            <ul className="flex flex-col gap-4">
              {tutor.lessons.map((l) => (
                <li key={l.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <h3 className="font-semibold text-slate-900">{l.name}</h3>
                  {l.levels.length > 0 && (
                    <ul className="mt-2 flex flex-wrap gap-1.5">
                      {l.levels.map((v) => (
                        <li key={v.id} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
                          {v.name}
                        </li>
                      ))}
                    </ul>
                  )}
                  {l.prices.length > 0 && (
                    <ul data-testid="subject-prices" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
                      {l.prices.map((p) => (
                        <li key={p.minutes}>
                          {minutesText(p.minutes, locale)} ·{' '}
                          <Price minor={p.amount_minor} currency={edition.currencyIcon} className="font-semibold" />
                        </li>
                      ))}
                    </ul>
                  )}
                  {l.description && <p className="mt-2 text-slate-700">{l.description}</p>}
                </li>
              ))}
            </ul>
          </section>
        )}

        {(home.length > 0 || travel.length > 0 || tutor.online) && (
          <section>
            <H2>{t('profile.locations')}</H2>
            <ul className="flex flex-col gap-2">
              {home.length > 0 && <Places title={t('profile.home')} places={home} />}
              {travel.length > 0 && <Places title={t('profile.travel')} places={travel} />}
              {tutor.online && <Places title={t('search.online')} places={[]} />}
            </ul>
          </section>
        )}

        {tutor.description && (
          <section className="flex flex-col gap-3">
            <H2>{t('profile.about')}</H2>
            <Paragraphs text={tutor.description} />
          </section>
        )}

        <WeekSchedule schedule={tutor.schedule} />

        {!preview && <TutorAds tutorId={tutor.id} />}
        {!preview && <Reviews tutor={tutor} />}
        {!preview && <ViewedTutors tutorId={tutor.id} />}
      </div>

      {/* Beside the profile on wider screens; on a phone right below the header (see above). */}
      <aside className="hidden md:sticky md:top-4 md:block md:self-start">{orderBox}</aside>
    </div>
  )
}

/**
 * The price box's price: the 60-minute price of the subject the visitor came for, else the cheapest
 * subject's ("from …" when the subjects' prices differ), with the subject's name.
 */
export function priceOfSubject(tutor: Pick<PublicTutor, 'lessons'>, lessonId: number | undefined) {
  const hourly = tutor.lessons.flatMap((l) =>
    l.prices
      .filter((p) => p.minutes === CATALOGUE_MINUTES)
      .map((p) => ({ subject: l.name, id: l.id, amount_minor: p.amount_minor })),
  )
  const chosen = lessonId === undefined ? undefined : hourly.find((h) => h.id === lessonId)
  if (chosen) return { ...chosen, from: false }
  const cheapest = hourly.reduce<(typeof hourly)[number] | null>(
    (min, h) => (min && min.amount_minor <= h.amount_minor ? min : h),
    null,
  )
  if (!cheapest) return null
  return { ...cheapest, from: hourly.some((h) => h.amount_minor !== cheapest.amount_minor) }
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const PARTS = ['morning', 'day', 'evening'] as const

/** The week's free time the tutor filled in (days × morning, day, evening); nothing when empty. */
function WeekSchedule({ schedule }: { schedule: unknown }) {
  const { t } = useSite()
  const week = (schedule && typeof schedule === 'object' ? schedule : {}) as Record<string, unknown>
  const days = DAYS.map((d) => ({
    day: d,
    parts: PARTS.filter((p) => Array.isArray(week[d]) && (week[d] as unknown[]).includes(p)),
  })).filter((d) => d.parts.length > 0)
  if (days.length === 0) return null
  return (
    <section data-testid="profile-schedule">
      <H2>{t('profile.schedule')}</H2>
      <ul className="flex flex-wrap gap-2">
        {days.map((d) => (
          <li key={d.day} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800">
            <span className="font-semibold text-slate-900">{t(`profile.day_${d.day}`)}</span>
            {': '}
            {d.parts.map((p) => t(`profile.part_${p}`)).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  )
}
