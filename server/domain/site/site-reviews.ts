// Reviews of the marketplace itself. Staff moderate them: new → active ⇄ inactive, and any → deleted,
// which is final. The footer averages the active ones.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { type SortDir, listOrder } from '../shared/list-sort'
import { audit } from '../shared/audit'
import { notFound, wrongStatus } from '../../../common/errors'

export const SiteReviewStatus = { New: 0, Active: 1, Inactive: 2, Deleted: 3 } as const
export type SiteReviewAction = 'set_active' | 'set_inactive' | 'set_deleted'

const TARGET: Record<SiteReviewAction, number> = {
  set_active: SiteReviewStatus.Active,
  set_inactive: SiteReviewStatus.Inactive,
  set_deleted: SiteReviewStatus.Deleted,
}

/** Which moderation action is allowed from which status. */
export function canModerate(status: number, action: SiteReviewAction): boolean {
  if (status === SiteReviewStatus.Deleted) return false
  return TARGET[action] !== status
}

const iso = (column: 'created_at' | 'confirmed_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
const COLUMNS = [
  'id',
  'name',
  'text',
  'mark',
  'status',
  'email',
  'locale',
  iso('created_at').as('created_at'),
  sql<string | null>`${iso('confirmed_at')}`.as('confirmed_at'),
] as const

/** A page of reviews, newest first; `status`: only the reviews in it (0: waiting for a decision). */
// Qualified: `created_at` alone would be the answer's ISO text.
const SITE_REVIEW_ORDER = {
  id: 'site_reviews.id',
  name: 'site_reviews.name',
  mark: 'site_reviews.mark',
  status: 'site_reviews.status',
  created: 'site_reviews.created_at',
} as const

export async function listSiteReviews(
  db: Db,
  { page, status, ...sort }: { page: number; status?: number; sort?: keyof typeof SITE_REVIEW_ORDER; dir?: SortDir },
  perPage = 20,
) {
  const q =
    status === undefined ? db.selectFrom('site_reviews') : db.selectFrom('site_reviews').where('status', '=', status)
  const order = listOrder(SITE_REVIEW_ORDER, sort, { sort: 'id', dir: 'desc' })
  const [items, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy(order.by, order.dir)
      .orderBy('site_reviews.id', order.dir)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items, total: total.n, page }
}

export async function getSiteReview(db: Db, id: number) {
  const row = await db.selectFrom('site_reviews').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function moderateSiteReview(
  { db, actor }: Scope,
  { id, action }: { id: number; action: SiteReviewAction },
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('site_reviews')
      .select(['id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound()
    if (!canModerate(row.status, action)) throw wrongStatus()
    await trx.updateTable('site_reviews').set({ status: TARGET[action] }).where('id', '=', id).execute()
    await audit(trx, actor, {
      action: `site_review.${action}`,
      entity: 'site_review',
      id: id,
      data: { from: row.status, to: TARGET[action] },
    })
    return { id, status: TARGET[action] }
  })
}

/** POST /admin/site_review/save: staff correct the name, text or mark (a deleted review stays as it is). */
export async function saveSiteReview(
  { db, actor }: Scope,
  input: { id: number; name: string; text: string; mark: number },
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('site_reviews')
      .select(['id', 'status', 'name', 'text', 'mark'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound()
    if (row.status === SiteReviewStatus.Deleted) throw wrongStatus()
    await trx
      .updateTable('site_reviews')
      .set({ name: input.name, text: input.text, mark: input.mark })
      .where('id', '=', input.id)
      .execute()
    await audit(trx, actor, {
      action: 'site_review.save',
      entity: 'site_review',
      id: input.id,
      data: {
        from: { name: row.name, text: row.text, mark: row.mark },
        to: { name: input.name, text: input.text, mark: input.mark },
      },
    })
  })
  return getSiteReview(db, input.id)
}
