// Site reviews left by visitors (docs/api.md#client-orders-and-chats, docs/contract.md):
// - create: the review is kept inactive (status new) and its author gets an e-mail, in the language
//   the review was written in, with a link to /reviews?token=… (a signed token naming the review);
//   visitors are throttled per IP like the lesson request forms;
// - set_active {token}: the author's link publishes the review once. A second use changes nothing and
//   says so (`already_confirmed`), so a review staff hid after it was confirmed stays hidden; a
//   token that names no review (or a deleted one) is a 404;
// - the public list: active reviews only, newest first, with the average mark and count (the same
//   figures as the footer's stars).
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SessionTokens } from '../auth/sessions'
import { audit } from '../shared/audit'
import { DomainError } from '../../../common/errors'
import { localePath } from '../../../common/editions'
import { SITE_REVIEWS_PER_PAGE } from '../../../common/schemas/site.schema'
import { t } from '../../../i18n/keys'
import { footerRating } from './footer'
import { SiteReviewStatus } from './site-reviews'
import { LIMITS, takeLimit } from '../shared/window-throttle'

/** Reviews one IP may leave in the window (our decision: a person leaves one, a bot many). */
export const SITE_REVIEWS_PER_IP = LIMITS.site_review.max

const TOKEN_PREFIX = 'site-review:'

export interface SiteReviewIo {
  mail: Mailer
  tokens: SessionTokens
  /** The site's origin for the link in the e-mail. */
  origin: string
  ip: string
}

/** Counts this IP's reviews in the window (auth_failures, like the sign-in and request throttles) → 429. */
async function throttle(scope: Scope, ip: string) {
  await takeLimit(scope.db, 'site_review', ip)
}

/** The confirmation link of a review: /reviews in the review's language, with its token. */
export async function siteReviewLink(io: Pick<SiteReviewIo, 'tokens' | 'origin'>, scope: Scope, id: number) {
  const token = await io.tokens.sign(`${TOKEN_PREFIX}${id}`)
  return `${io.origin}${localePath(scope.edition, scope.locale, '/reviews')}?token=${encodeURIComponent(token)}`
}

/** POST /client/site_review/create: keeps the review inactive and e-mails its author the confirmation link. */
export async function createSiteReview(
  scope: Scope,
  input: { name: string; email: string; text: string; mark: number },
  io: SiteReviewIo,
) {
  await throttle(scope, io.ip)
  const row = await scope.db
    .insertInto('site_reviews')
    .values({
      name: input.name,
      email: input.email,
      text: input.text,
      mark: input.mark,
      status: SiteReviewStatus.New,
      locale: scope.locale,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow()
  await audit(scope.db, scope.actor, {
    action: 'site_review.create',
    entity: 'site_review',
    id: row.id,
    data: { mark: input.mark, locale: scope.locale },
  })
  const link = await siteReviewLink(io, scope, row.id)
  const { locale } = scope
  // The review is kept even when the transport fails now (the outbox row says so); the answer tells.
  const emailSent = await io.mail
    .send({
      to: input.email,
      subject: t(locale, 'mail.site_review_subject'),
      text: t(locale, 'mail.site_review_body', { name: input.name, link }),
      event: { name: 'site_review', locale, params: { name: input.name, link } },
    })
    .then(
      () => true,
      () => false,
    )
  return { id: row.id, status: row.status, email_sent: emailSent }
}

/** POST /client/site_review/set_active {token}: publishes the review the token names, once. */
export async function confirmSiteReview(scope: Scope, { token }: { token: string }, io: Pick<SiteReviewIo, 'tokens'>) {
  const sid = await io.tokens.verify(token)
  const id = sid?.startsWith(TOKEN_PREFIX) ? Number(sid.slice(TOKEN_PREFIX.length)) : NaN
  if (!Number.isSafeInteger(id)) throw new DomainError('not_found')
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('site_reviews')
      .select(['id', 'status', 'confirmed_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.status === SiteReviewStatus.Deleted) throw new DomainError('not_found')
    if (row.confirmed_at) return { id, status: row.status, already_confirmed: true }
    // Staff may have hidden it before its author confirmed: the confirmation is kept, the review stays hidden.
    const status = row.status === SiteReviewStatus.New ? SiteReviewStatus.Active : row.status
    await trx.updateTable('site_reviews').set({ status, confirmed_at: scope.now() }).where('id', '=', id).execute()
    await audit(trx, scope.actor, {
      action: 'site_review.confirm',
      entity: 'site_review',
      id,
      data: { from: row.status, to: status },
    })
    return { id, status, already_confirmed: false }
  })
}

/** GET /client/reviews?page: published reviews, newest first, SITE_REVIEWS_PER_PAGE a page. */
export async function publicSiteReviews(scope: Scope, { page }: { page: number }) {
  const perPage = SITE_REVIEWS_PER_PAGE
  const [items, rating] = await Promise.all([
    scope.db
      .selectFrom('site_reviews')
      .select([
        'id',
        'name',
        'text',
        'mark',
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      ])
      .where('status', '=', SiteReviewStatus.Active)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    footerRating(scope.db),
  ])
  return {
    items,
    total: rating.total_count,
    page,
    pages: Math.ceil(rating.total_count / perPage),
    avg_review_mark: rating.avg_review_mark,
  }
}
