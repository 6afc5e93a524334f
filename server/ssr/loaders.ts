// What the server fetches before rendering a data page: the page's queries (the same inputs the
// components read: client/lib/page-queries.ts), the HTTP status (an unknown slug or tutor is a 404),
// and head data — title, description, canonical and JSON-LD.
import { TRPCError } from '@trpc/server'
import type { createServerSideHelpers } from '@trpc/react-query/server'
import {
  blogListInput,
  catalogueInput,
  newsPageInput,
  profileAdsInput,
  profileReviewsInput,
  siteReviewsInput,
} from '../../client/lib/page-queries'
import type { PageMatch } from '../../common/routes'
import type { Db } from '../../db/client'
import { inputRead, keptRead, prefetchKept, putQuery } from './kept-queries'
import { trpc } from '../../client/lib/trpc'
import { catalogueSeoTag, searchCatalogueCardTexts } from '../domain/catalogue/search'
import { DomainError, FieldErrors } from '../../common/errors'
import { normaliseError } from '../trpc/errors'
import { ZCatalogueQuery } from '../../common/schemas/public/catalogue.schema'
import { t } from '../../i18n/keys'
import { SUGGESTED_TUTORS } from '../domain/catalogue/main-page'
import { type Edition, type Locale, localePath } from '../../common/editions'
import { minorToUnits } from '../../common/money'
import type { AppRouter } from '../routers/app'
import { profileTitle } from '../../client/lib/page-title'
import type { ListedCards } from './listed-cards'
import { mediaTexts, pagedInput } from '../../common/media-texts'

type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>

export interface PageData {
  status: 200 | 404 | 410
  title?: string
  description?: string
  /** Appended to the canonical path (e.g. `?page=2`). */
  canonicalSuffix?: string
  jsonLd?: unknown[]
  /** More about the site's Organization (head.ts). */
  organisation?: Record<string, unknown>
}

/** Unknown, or asked for with a query no record can match (an id past 2^31-1, a malformed page): the 404 page. */
const isNotFound = (err: unknown) => {
  // A domain call made without its procedure refuses with its own errors: mapped as the procedure maps them.
  const refusal =
    err instanceof TRPCError
      ? err
      : err instanceof DomainError || err instanceof FieldErrors
        ? normaliseError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err }))
        : null
  return refusal?.code === 'NOT_FOUND' || refusal?.code === 'BAD_REQUEST' || refusal?.code === 'UNPROCESSABLE_CONTENT'
}

/** Where kept page reads are kept: the database, and the edition and language they answer in (kept-queries.ts). */
interface KeptAt {
  db: Db
  scope: string
}

const SUBJECTS_READ = keptRead(trpc.public.reference.allSubjects)
/** A catalogue page's two reads, put in its cache from the domain's answers (not through the procedures). */
const TUTORS_READ = inputRead(trpc.public.catalogue.tutors)
const SEO_TAG_READ = inputRead(trpc.public.catalogue.seoTag)
const CITIES_READ = keptRead(trpc.public.reference.allCities)

/** The search form's options, wherever the form shows (home, 404, catalogue): the same on every page. */
const searchLists = (h: Helpers, k: KeptAt) =>
  Promise.all([
    prefetchKept(h.queryClient, k.db, k.scope, SUBJECTS_READ, () =>
      h.public.reference.allSubjects.queryOptions(undefined),
    ),
    prefetchKept(h.queryClient, k.db, k.scope, CITIES_READ, () => h.public.reference.allCities.queryOptions(undefined)),
  ])

function itemList(cards: { id: number; name: string }[], origin: string, ed: Edition, locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: cards.slice(0, SUGGESTED_TUTORS).map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: origin + localePath(ed, locale, `/user-${c.id}/`),
      name: c.name,
    })),
  }
}

/**
 * The tutor's own prices as schema.org offers (a Person has none of its own): one Service, the
 * tutor's lessons, provided by the profile's Person, with an Offer per subject and duration.
 */
function lessonOffers(
  tutor: { name: string; lessons: { name: string; prices: { minutes: number; amount_minor: number }[] }[] },
  person: Record<string, unknown>,
  ed: Edition,
) {
  const offers = tutor.lessons.flatMap((l) =>
    l.prices.map((p) => ({
      '@type': 'Offer',
      name: `${l.name}, ${p.minutes} min`,
      price: minorToUnits(p.amount_minor),
      priceCurrency: ed.currency,
      url: person.url,
    })),
  )
  if (!offers.length) return []
  const provider = { '@type': 'Person', name: tutor.name, url: person.url }
  return [{ '@context': 'https://schema.org', '@type': 'Service', name: person.jobTitle, provider, offers }]
}

/**
 * A list page asked for past its last page (?page=999 with nothing there) is the 404 page, not an
 * empty list answered 200 (a crawler would keep an endless run of empty pages). The first page is
 * always the list page, empty or not.
 */
const pastTheLastPage = (input: { page?: number } | undefined, items: unknown[]) =>
  !!input?.page && input.page > 1 && items.length === 0
const notFoundPage = async (h: Helpers, k: KeptAt): Promise<PageData> => {
  await searchLists(h, k)
  return { status: 404 }
}

/** The live lists of the hub pages /materials/ and /p/popular/ (client/public/HubSections.tsx reads the same queries). */
async function hubQueries(h: Helpers, alias: string) {
  if (alias === 'materials')
    await Promise.all([
      h.public.content.blogs.prefetch(undefined),
      h.public.news.page.prefetch({}),
      h.public.media.videos.prefetch(undefined),
    ])
  if (alias === 'popular') await h.public.catalogue.popularSearches.prefetch(undefined)
}

/** The intro of a page from its static page (null while that page is inactive or missing). */
const introOf = (h: Helpers, alias: string) =>
  h.public.staticPages.get.fetch({ alias }).catch((err) => {
    if (isNotFound(err)) return null
    throw err
  })

export async function loadPageData(
  page: PageMatch,
  url: URL,
  h: Helpers,
  a: { origin: string; edition: Edition; locale: Locale; db: Db; listed: ListedCards },
): Promise<PageData> {
  const { origin, edition: ed, locale } = a
  const k: KeptAt = { db: a.db, scope: `${ed.code} ${locale}` }
  switch (page.name) {
    case 'home': {
      const [main] = await Promise.all([h.public.catalogue.mainPage.fetch(undefined), searchLists(h, k)])
      return { status: 200, jsonLd: main.top_tutors.length ? [itemList(main.top_tutors, origin, ed, locale)] : [] }
    }
    case 'not_found':
    case 'gone':
      await searchLists(h, k)
      return { status: page.status }
    case 'catalogue_root':
      await Promise.all([
        h.public.reference.allTags.prefetch(undefined),
        h.public.reference.allTagsOnline.prefetch(undefined),
        h.public.catalogue.mainPage.prefetch(undefined),
        searchLists(h, k),
      ])
      return { status: 200, title: t(locale, page.catalogue?.online ? 'footer.catalogue_online' : 'footer.catalogue') }
    case 'catalogue': {
      const input = catalogueInput(page, url.search)
      // The cards from the domain call the procedure makes, with the input parsed by its schema: on a
      // page rendered for the request, the procedure layer around it (caller, middleware, the query's
      // own bookkeeping) was ~7 % of the request thread (docs/benchmarks.md). A query that does not
      // parse is the 404 page, as the procedure's 400 was.
      const parsed = ZCatalogueQuery.safeParse(input)
      if (!parsed.success) return notFoundPage(h, k)
      const reader = { db: a.db, edition: ed, locale }
      try {
        const [texts] = await Promise.all([searchCatalogueCardTexts(reader, parsed.data), searchLists(h, k)])
        if (pastTheLastPage(input, texts.items)) return { status: 404 }
        // The page's state carries what the cards show (ListedCard), each kept by the text it was made
        // from (listed-cards.ts); the browser's next fetch of the list, once it is stale, brings the
        // whole cards.
        const lessonId = texts.filters.lesson!.id
        const result = { ...texts, items: texts.items.map((c) => a.listed.of(c.text, c.is_top, reader, lessonId)) }
        putQuery(h.queryClient, TUTORS_READ(input), result)
        // The page's metatags (the seoTag query's answer) from the count the cards came with: the
        // procedure would count the same tutors again.
        const meta = await catalogueSeoTag(reader, input, result.total)
        putQuery(h.queryClient, SEO_TAG_READ(input), meta)
        return {
          status: 200,
          title: meta.title,
          description: meta.metad,
          canonicalSuffix: input.page ? `?page=${input.page}` : '',
          jsonLd: [itemList(result.items, origin, ed, locale)],
        }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    case 'tutor_profile': {
      try {
        const [tutor] = await Promise.all([
          h.public.catalogue.tutor.fetch({ id: page.tutorId! }),
          h.public.catalogue.reviews.prefetch(profileReviewsInput(page.tutorId!)),
          h.public.content.ads.prefetch(profileAdsInput(page.tutorId!)),
        ])
        const subjects = tutor.lessons.map((l) => l.name).join(', ')
        const person: Record<string, unknown> = {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: tutor.name,
          url: origin + localePath(ed, locale, page.path),
          // A thin profile (no subjects yet) has no job title rather than an empty one.
          ...(subjects ? { jobTitle: subjects } : {}),
          description: tutor.short_description || tutor.description.slice(0, 300),
        }
        if (tutor.avatar) person.image = origin + tutor.avatar.url
        if (tutor.review_count > 0)
          person.aggregateRating = {
            '@type': 'AggregateRating',
            ratingValue: tutor.rating,
            reviewCount: tutor.review_count,
            bestRating: 5,
            worstRating: 1,
          }
        return {
          status: 200,
          title: profileTitle(tutor),
          description: (tutor.short_description || tutor.description || subjects).slice(0, 160),
          jsonLd: [person, ...lessonOffers(tutor, person, ed)],
        }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    case 'static_page':
    case 'static_short': {
      // An inactive or unknown alias is the 404 page (its search form needs its lists).
      try {
        const sp = await h.public.staticPages.get.fetch({ alias: page.params.alias ?? '' })
        await hubQueries(h, sp.alias)
        return {
          status: 200,
          title: sp.meta_title || sp.title,
          description: sp.meta_description || sp.title,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'WebPage',
              name: sp.title,
              url: origin + localePath(ed, locale, page.path),
            },
          ],
        }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    case 'media': {
      // The intro (the static page `media`, when active) and one page of videos, each a VideoObject.
      const input = pagedInput(url.search)
      const [list, intro] = await Promise.all([h.public.media.videos.fetch(input), introOf(h, 'media')])
      if (pastTheLastPage(input, list.items)) return notFoundPage(h, k)
      const m = mediaTexts(locale)
      const jsonLd = list.items.map((v) => ({
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: v.title,
        description: v.description || v.title,
        thumbnailUrl: v.thumbnail_url,
        uploadDate: v.created_at,
        contentUrl: v.watch_url,
        embedUrl: `https://www.youtube.com/embed/${v.youtube_id}`,
      }))
      return {
        status: 200,
        title: intro?.meta_title || intro?.title || m.media_title,
        description: intro?.meta_description || m.media_description,
        canonicalSuffix: input ? `?page=${input.page}` : '',
        jsonLd,
      }
    }
    case 'vacancies': {
      const input = pagedInput(url.search)
      const [list, intro] = await Promise.all([h.public.media.vacancies.fetch(input), introOf(h, 'vacancy')])
      if (pastTheLastPage(input, list.items)) return notFoundPage(h, k)
      const m = mediaTexts(locale)
      return {
        status: 200,
        title: intro?.meta_title || intro?.title || m.vacancies_title,
        description: intro?.meta_description || m.vacancies_description,
        canonicalSuffix: input ? `?page=${input.page}` : '',
        jsonLd: list.items.length
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'ItemList',
                itemListElement: list.items.map((v, i) => ({
                  '@type': 'ListItem',
                  position: i + 1,
                  name: v.title,
                  url: origin + localePath(ed, locale, `/vacancy/${v.id}/`),
                })),
              },
            ]
          : [],
      }
    }
    case 'vacancy': {
      try {
        const v = await h.public.media.vacancy.fetch({ id: Number(page.params.id) })
        const plainText = v.text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
        const country = ed.code.toUpperCase()
        const posting: Record<string, unknown> = {
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: v.title,
          description: v.text,
          datePosted: v.created_at.slice(0, 10),
          employmentType: v.employment,
          hiringOrganization: { '@type': 'Organization', name: ed.siteName, sameAs: origin },
          url: origin + localePath(ed, locale, page.path),
        }
        if (v.remote) {
          posting.jobLocationType = 'TELECOMMUTE'
          posting.applicantLocationRequirements = { '@type': 'Country', name: country }
        } else {
          posting.jobLocation = {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              ...(v.city ? { addressLocality: v.city } : {}),
              addressCountry: country,
            },
          }
        }
        return { status: 200, title: v.title, description: plainText.slice(0, 160), jsonLd: [posting] }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    case 'school': {
      const m = mediaTexts(locale)
      return {
        status: 200,
        title: m.school_title,
        description: m.school_description,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebPage',
            name: m.school_title,
            description: m.school_description,
            url: origin + localePath(ed, locale, page.path),
          },
        ],
      }
    }
    case 'reviews': {
      // The site's own rating (schema.org Organization with aggregateRating) and the page's reviews;
      // no rating at all while nothing is published.
      const input = siteReviewsInput(url.search)
      const list = await h.public.site.reviews.fetch(input)
      if (pastTheLastPage(input, list.items)) return notFoundPage(h, k)
      if (!list.total) return { status: 200 }
      const review = list.items.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.name },
        datePublished: r.created_at.slice(0, 10),
        reviewBody: r.text,
        reviewRating: { '@type': 'Rating', ratingValue: r.mark, bestRating: 5, worstRating: 1 },
      }))
      return {
        status: 200,
        canonicalSuffix: input ? `?page=${input.page}` : '',
        organisation: {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: list.avg_review_mark,
            reviewCount: list.total,
            bestRating: 5,
            worstRating: 1,
          },
          review,
        },
      }
    }
    case 'news': {
      // /news/, a category's list or one item (NewsArticle); an unknown slug is the 404 page.
      const input = newsPageInput(page, url.search)
      try {
        const data = await h.public.news.page.fetch(input)
        const url0 = origin + localePath(ed, locale, page.path)
        const publisher = { '@type': 'Organization', name: ed.siteName, url: `${origin}/` }
        if (data.kind === 'article') {
          const a = data.article
          const article: Record<string, unknown> = {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: a.title.slice(0, 110),
            description: a.description,
            inLanguage: a.locale,
            datePublished: a.published_at,
            dateModified: a.updated_at,
            mainEntityOfPage: url0,
            url: url0,
            author: publisher,
            publisher,
            ...(a.category ? { articleSection: a.category.name } : {}),
            ...(a.image ? { image: [origin + a.image.url] } : {}),
          }
          return { status: 200, title: a.title, description: a.description.slice(0, 160), jsonLd: [article] }
        }
        const list = data.list
        if (pastTheLastPage(input, list.items)) return notFoundPage(h, k)
        return {
          status: 200,
          title: list.category ? `${list.category.name} — ${t(locale, 'news.title')}` : t(locale, 'news.title'),
          description: t(locale, 'news.description'),
          canonicalSuffix: input.page ? `?page=${input.page}` : '',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'ItemList',
              itemListElement: list.items.map((n, i) => ({
                '@type': 'ListItem',
                position: i + 1,
                url: origin + localePath(ed, locale, `/news/${n.alias}/`),
                name: n.title,
              })),
            },
          ],
        }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    case 'blog': {
      // Published posts, newest first; ?page past the last is the 404 page.
      const input = blogListInput(url.search)
      const list = await h.public.content.blogs.fetch(input)
      if (pastTheLastPage(input, list.items)) return notFoundPage(h, k)
      return {
        status: 200,
        canonicalSuffix: input ? `?page=${input.page}` : '',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: t(locale, 'blog.title'),
            url: origin + localePath(ed, locale, '/blog/'),
            blogPost: list.items.map((b) => ({
              '@type': 'BlogPosting',
              headline: b.title,
              url: origin + localePath(ed, locale, `/blog/${b.id}/`),
              datePublished: b.published_at,
            })),
          },
        ],
      }
    }
    case 'blog_post': {
      // An unknown or unpublished post is the 404 page.
      try {
        const post = await h.public.content.blog.fetch({ id: Number(page.params.id) })
        const url = origin + localePath(ed, locale, `/blog/${post.id}/`)
        return {
          status: 200,
          title: post.title,
          description: post.excerpt.slice(0, 160),
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'BlogPosting',
              headline: post.title,
              description: post.excerpt,
              url,
              mainEntityOfPage: url,
              datePublished: post.published_at,
              dateModified: post.updated_at,
              author: {
                '@type': 'Person',
                name: post.tutor_name,
                url: origin + localePath(ed, locale, `/user-${post.tutor_id}/`),
              },
              ...(post.image ? { image: origin + post.image } : {}),
              ...(post.rating_count
                ? {
                    aggregateRating: {
                      '@type': 'AggregateRating',
                      ratingValue: post.rating,
                      ratingCount: post.rating_count,
                      bestRating: 5,
                      worstRating: 1,
                    },
                  }
                : {}),
            },
          ],
        }
      } catch (err) {
        if (isNotFound(err)) return notFoundPage(h, k)
        throw err
      }
    }
    default:
      return { status: page.status }
  }
}
