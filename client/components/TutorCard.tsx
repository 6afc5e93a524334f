// A tutor in a list (docs/product.md#3-entities-and-their-fields): photo, name linking to the profile, subjects with
// levels, places or online, price, rating and reviews, university, short description, the paid TOP mark,
// the response time, and "Why here": the ranking's own parts (server/domain/catalogue/ranking.ts),
// so a visitor sees why the card holds its place.
import { useState } from 'react'
import { Link } from 'wouter'
import { reviewsKey } from '../../i18n/format'
import type { TutorCard as Card } from '../lib/api-types'
import type { Edition, Locale } from '../../common/editions'
import { useLocalePath } from '../lib/paths'
import { moneyText, moneyRangeText } from '../../common/money'
import { bandText, minutesText } from '../lib/prices'
import { useSite } from '../lib/site'
import { useKeptHtml } from '../lib/kept-html'
import { Stars } from './Stars'

export type { Card }

/**
 * What a listed card shows (and the catalogue's analytics read): the page's state carries only this
 * of each card (server/ssr/loaders.ts), not the description and the subjects' texts and prices the
 * API also answers — nearly half a catalogue page's state. The browser's own fetch of the list, when
 * it asks, brings the whole cards.
 */
export type ListedCard = Pick<
  Card,
  | 'id'
  | 'name'
  | 'avatar'
  | 'is_top'
  | 'rating'
  | 'review_count'
  | 'response_bucket'
  | 'locations_home'
  | 'locations_travel'
  | 'online'
  | 'university'
  | 'school_rates'
  | 'price'
  | 'rate'
  | 'currency'
  | 'short_description'
  | 'why'
> & { lessons: Pick<Card['lessons'][number], 'id' | 'name' | 'levels'>[] }

/** The fields of `card` a list shows, in the order the API answers them. */
export function listedCard(card: Card): ListedCard {
  return {
    id: card.id,
    name: card.name,
    avatar: card.avatar,
    rate: card.rate,
    price: card.price,
    currency: card.currency,
    school_rates: card.school_rates,
    lessons: card.lessons.map((l) => ({ id: l.id, name: l.name, levels: l.levels })),
    locations_home: card.locations_home,
    locations_travel: card.locations_travel,
    online: card.online,
    university: card.university,
    short_description: card.short_description,
    rating: card.rating,
    review_count: card.review_count,
    response_bucket: card.response_bucket,
    is_top: card.is_top,
    why: card.why,
  }
}

/** The response-time buckets of docs/product.md#9-business-constants-and-limits (0 is up to 5 minutes), as minutes. */
const RESPONSE_TIME = ['≤ 5', '≤ 10', '≤ 15', '≤ 30', '≤ 60', '> 60'] as const

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')

export function Avatar({
  card,
  size = 'size-24',
  small = false,
}: {
  card: Pick<Card, 'name' | 'avatar'>
  size?: string
  small?: boolean
}) {
  // The name is next to the photo everywhere, so the photo itself is decorative.
  return card.avatar ? (
    <img
      src={card.avatar.preview_url}
      width={130}
      height={130}
      alt=""
      loading="lazy"
      className={`${size} shrink-0 rounded-xl bg-slate-100 object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-xl bg-brand/10 font-bold text-brand-dark ${small ? 'text-base' : 'text-2xl'}`}
    >
      {initials(card.name)}
    </span>
  )
}

/**
 * The price a card shows: the school's base rate for school tutors, else the tutor's own 60-minute
 * price (of the catalogue's subject), else the band.
 */
export function priceLabel(
  card: Pick<Card, 'school_rates' | 'price' | 'rate'>,
  ed: Edition,
  locale: Locale,
): string | null {
  if (card.school_rates) return moneyRangeText(card.school_rates.base[0], card.school_rates.base[1], ed.currencyIcon)
  if (card.price)
    return `${moneyText(card.price.amount_minor, ed.currencyIcon)} / ${minutesText(card.price.minutes, locale)}`
  if (card.rate) return bandText(card.rate.name, ed)
  return null
}

/** Cities with their districts, home and travel places together: "Київ (Поділ, Оболонь)". */
export function placesText(card: Pick<Card, 'locations_home' | 'locations_travel'>): string[] {
  const byCity = new Map<number, { name: string; districts: Set<string> }>()
  for (const p of [...card.locations_home, ...card.locations_travel]) {
    const entry = byCity.get(p.city.id) ?? { name: p.city.name, districts: new Set<string>() }
    for (const d of p.districts) entry.districts.add(d.name)
    byCity.set(p.city.id, entry)
  }
  return [...byCity.values()].map((c) => (c.districts.size ? `${c.name} (${[...c.districts].join(', ')})` : c.name))
}

export function TopBadge() {
  const { t } = useSite()
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      {t('card.top')}
    </span>
  )
}

export function ResponseTime({ bucket }: { bucket: number | null }) {
  const { t } = useSite()
  if (bucket === null) return null
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 2a6 6 0 1 1 0 12 6 6 0 0 1 0-12Zm-1 2v4.4l3.3 3.3 1.4-1.4L11 9.6V6H9Z"
        />
      </svg>
      {t('card.response', { time: RESPONSE_TIME[bucket] ?? RESPONSE_TIME[5] })}
    </span>
  )
}

function WhyHere({ why, tutorId }: { why: Card['why']; tutorId: number }) {
  const { t } = useSite()
  const [open, setOpen] = useState(false)
  // From the tutor, not useId: a card's HTML may be kept and drawn at another place in the tree (kept-html.ts).
  const id = `why-${tutorId}`
  return (
    <div className="border-t border-slate-100 pt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-dark hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {t('why.title')}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      {/* The parts are drawn when opened: twenty cards' closed lists were a fifth of a catalogue page's HTML. */}
      <div id={id} hidden={!open} className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {open && <WhyParts why={why} />}
      </div>
    </div>
  )
}

function WhyParts({ why }: { why: Card['why'] }) {
  const { t } = useSite()
  return (
    <>
      <p>{t('why.intro', { points: why.points })}</p>
      {/* A profile with nothing that earns points yet says what would, rather than an empty list. */}
      {!why.top && why.parts.length === 0 && <p className="mt-2">{t('why.none')}</p>}
      <ul className="mt-2 flex max-w-md flex-col gap-1 empty:hidden">
        {why.top && (
          <li className="font-semibold text-amber-900">
            <span>{t('card.top')}</span>
          </li>
        )}
        {why.parts.map((p) => (
          <li
            key={p.reason}
            className="flex justify-between gap-3 border-b border-dotted border-slate-300 last:border-0"
          >
            <span>{t(`why.${p.reason}`)}</span>
            <span className={`tabular-nums font-medium ${p.points < 0 ? 'text-red-700' : 'text-emerald-800'}`}>
              {p.points > 0 ? `+${p.points}` : `−${-p.points}`}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

interface TutorCardProps {
  card: ListedCard
  headingLevel?: 2 | 3
  why?: boolean
  /** The catalogue's subject: the profile link carries it, so the profile's price box shows that subject's price. */
  lessonId?: number | undefined
}

/** How a card's element opens in the HTML (the server finds the cards it rendered by it: server/ssr/kept-html.ts). */
export const TUTOR_CARD_OPEN = '<article data-testid="tutor-card"'
const CARD_CLASS = 'flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'

export function TutorCard(props: TutorCardProps) {
  const { locale } = useSite()
  // On the server, the card's HTML rendered before for the same props and language, if kept (client/lib/kept-html.ts).
  const kept = useKeptHtml(
    props.card,
    `${locale} ${props.headingLevel ?? 2} ${props.why ?? true} ${props.lessonId}`,
    TUTOR_CARD_OPEN,
  )
  return kept === undefined ? (
    <article data-testid="tutor-card" className={CARD_CLASS}>
      <CardBody {...props} />
    </article>
  ) : (
    <article
      data-testid="tutor-card"
      className={CARD_CLASS}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: what React rendered for the same card on this server (kept-html.ts)
      dangerouslySetInnerHTML={{ __html: kept }}
    />
  )
}

function CardBody({ card, headingLevel = 2, why = true, lessonId }: TutorCardProps) {
  const { edition, locale, t } = useSite()
  const href = useLocalePath()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const price = priceLabel(card, edition, locale)
  const places = placesText(card)
  if (card.online) places.push(t('search.online'))
  return (
    <>
      <div className="flex gap-4">
        <Avatar card={card} size="size-20 sm:size-28" />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <Heading className="text-lg font-semibold text-slate-900">
              <Link
                href={href(`/user-${card.id}/${lessonId ? `?lesson=${lessonId}` : ''}`)}
                className="hover:text-brand-dark hover:underline"
              >
                {card.name}
              </Link>
            </Heading>
            {card.is_top && <TopBadge />}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            {card.review_count > 0 && (
              <span className="inline-flex items-center gap-1.5">
                <Stars value={card.rating} />
                <span className="font-semibold text-slate-900">{card.rating}</span>
              </span>
            )}
            <span>{t(reviewsKey(locale, card.review_count), { count: card.review_count })}</span>
            <ResponseTime bucket={card.response_bucket} />
          </div>
          <ul className="flex flex-wrap gap-1.5">
            {card.lessons.map((l) => (
              <li key={l.id} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
                <span className="font-medium">{l.name}</span>
                {l.levels.length > 0 && (
                  <span className="text-slate-600">: {l.levels.map((v) => v.name).join(', ')}</span>
                )}
              </li>
            ))}
          </ul>
          {places.length > 0 && <p className="text-sm text-slate-700">{places.join(' · ')}</p>}
          {card.university.name && <p className="text-sm text-slate-600">{card.university.name}</p>}
        </div>
        {price && (
          <div className="hidden shrink-0 flex-col items-end gap-1 text-right sm:flex">
            <span className="text-lg font-bold whitespace-nowrap text-slate-900">{price}</span>
            {card.school_rates && <span className="text-xs text-slate-600">{t('header.school_tutor')}</span>}
          </div>
        )}
      </div>
      {price && (
        <p className="flex items-baseline gap-2 sm:hidden">
          <span className="text-lg font-bold text-slate-900">{price}</span>
          {card.school_rates && <span className="text-xs text-slate-600">{t('header.school_tutor')}</span>}
        </p>
      )}
      {card.short_description && <p className="line-clamp-3 text-sm text-slate-700">{card.short_description}</p>}
      {why && <WhyHere why={card.why} tutorId={card.id} />}
    </>
  )
}
