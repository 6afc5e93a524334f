// Tutor blogs with moderation (docs/api.md#tutor-blog-and-ads "Blog", #admin-ads-and-blogs "Blogs",
// #public-reads `GET /client/blogs`, `POST /client/blog/set_rating`). A tutor writes posts (HTML, sanitised on
// save and on every public read) and reads only its own; staff (area `blogs`) list, edit, publish,
// send back for revision with a reason (moderation.ts tells the tutor), delete, set a mark and check
// the text's uniqueness (uniqueness.ts). Visitors read published posts of tutors still on the site
// and rate a post once each.
import { sql } from 'kysely'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import {
  BLOG_LIMITS,
  type Blog,
  type ContentStatus,
  type PublicBlog,
  type PublicBlogCard,
  type TBlogFields,
  imageRules,
  plainText,
} from '../../../common/schemas/content/blogs-ads.schema'
import { msg } from '../../../i18n/keys'
import type { FileStorage } from '../../integrations/storage/storage'
import { type Executor, audit } from '../shared/audit'
import { actingAs } from '../shared/acting'
import type { Scope } from '../shared/scope'
import { addImage, attachImages, imagesOf } from './content-images'
import { type RevisionIo, iso, likeOf, mailRevision, noticeRevision, statusAfterTutorSave } from './moderation'
import { RICH_TEXT_TAGS, sanitizeRichText } from './sanitize'

const PAGE = 20
export const PUBLIC_BLOGS_PER_PAGE = 12

/** GET /tutor/resources/blog_rules: the numbers ZBlogFields checks. */
export function blogRules() {
  return {
    title: { ...BLOG_LIMITS.title },
    text: { ...BLOG_LIMITS.text, allowed_tags: [...RICH_TEXT_TAGS] },
    images: imageRules(BLOG_LIMITS.images),
  }
}

const COLUMNS = [
  'b.id',
  'b.tutor_id',
  't.name as tutor_name',
  'b.title',
  'b.text',
  'b.status',
  'b.revision_reason',
  'b.mark',
  'b.rating_sum',
  'b.rating_count',
  'b.published_at',
  'b.created_at',
  'b.updated_at',
] as const

function base(db: Executor, scope: Pick<Scope, 'edition'>) {
  return db
    .selectFrom('blogs as b')
    .innerJoin('tutors as t', 't.id', 'b.tutor_id')
    .where('b.edition', '=', scope.edition.code)
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]
const selectRows = (db: Executor, scope: Pick<Scope, 'edition'>) => base(db, scope).select(COLUMNS)

const avg = (sum: number, count: number) => (count ? Math.round((sum / count) * 100) / 100 : 0)

async function answers(db: Executor, rows: Row[]): Promise<Blog[]> {
  const images = await imagesOf(
    db,
    'blog',
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    tutor_id: r.tutor_id,
    tutor_name: r.tutor_name,
    title: r.title,
    text: r.text,
    status: r.status as ContentStatus,
    revision_reason: r.revision_reason,
    mark: r.mark,
    rating: avg(r.rating_sum, r.rating_count),
    rating_count: r.rating_count,
    images: images.get(r.id) ?? [],
    published_at: iso(r.published_at),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }))
}
const answerOne = async (db: Executor, row: Row) => (await answers(db, [row]))[0]!

/** The row (of this tutor when tutorId is given; deleted rows only for staff), locked when asked. */
async function readRow(db: Executor, scope: Scope, a: { id: number; tutorId?: number; lock?: boolean }): Promise<Row> {
  let q = selectRows(db, scope).where('b.id', '=', a.id)
  if (a.tutorId !== undefined) q = q.where('b.tutor_id', '=', a.tutorId).where('b.status', '<>', 'deleted')
  if (a.lock) q = q.forUpdate('b')
  const row = await q.executeTakeFirst()
  if (!row) throw notFound()
  return row
}

function cleanFields(f: TBlogFields) {
  const text = sanitizeRichText(f.text)
  // The sanitiser may drop what the schema counted (a script's text): the rule holds for what is kept.
  if (plainText(text).length < BLOG_LIMITS.text.min)
    throw new FieldErrors({ text: [msg('validation.length', BLOG_LIMITS.text)] })
  return { title: f.title.replace(/\s+/g, ' ').trim(), text }
}

// ——— the tutor ———

/** POST /tutor/blog/create {blog}: on moderation (or a draft when asked). */
export async function tutorCreateBlog(scope: Scope, input: TBlogFields): Promise<Blog> {
  const me = actingAs(scope, 'tutor')
  const fields = cleanFields(input)
  return scope.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('blogs')
      .values({ edition: scope.edition.code, tutor_id: me, ...fields, status: statusAfterTutorSave(input.draft) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await attachImages(trx, { kind: 'blog', tutorId: me, ownerId: id, ids: input.image_ids, max: BLOG_LIMITS.images })
    await audit(trx, scope.actor, {
      action: 'blog.create',
      entity: 'blog',
      id,
      data: { title: fields.title, draft: !!input.draft },
    })
    return answerOne(trx, await readRow(trx, scope, { id }))
  })
}

/** POST /tutor/blog/save {blog: {id, …}}: a saved post goes (back) to moderation, a published one too. */
export async function tutorSaveBlog(scope: Scope, input: TBlogFields & { id: number }): Promise<Blog> {
  const me = actingAs(scope, 'tutor')
  const fields = cleanFields(input)
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, tutorId: me, lock: true })
    const status = statusAfterTutorSave(input.draft)
    await trx
      .updateTable('blogs')
      .set({ ...fields, status, updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .execute()
    await attachImages(trx, {
      kind: 'blog',
      tutorId: me,
      ownerId: input.id,
      ids: input.image_ids,
      max: BLOG_LIMITS.images,
    })
    await audit(trx, scope.actor, {
      action: 'blog.save',
      entity: 'blog',
      id: input.id,
      data: { from: before.status, to: status },
    })
    return answerOne(trx, await readRow(trx, scope, { id: input.id }))
  })
}

/** GET /tutor/blog/get?id: the tutor's own post only (another's is a 404). */
export async function tutorGetBlog(scope: Scope, input: { id: number }): Promise<Blog> {
  return answerOne(scope.db, await readRow(scope.db, scope, { id: input.id, tutorId: actingAs(scope, 'tutor') }))
}

/** GET /tutor/blogs/get?page: the tutor's posts, newest first, deleted ones left out. */
export async function tutorListBlogs(scope: Scope, input: { page: number }) {
  const me = actingAs(scope, 'tutor')
  const q = base(scope.db, scope).where('b.tutor_id', '=', me).where('b.status', '<>', 'deleted')
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('b.id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: await answers(scope.db, rows), total: total.n, page: input.page }
}

/** POST /tutor/blog/add_image, /admin/blog/add_image (multipart image, optional blog_id; staff name the tutor). */
export async function addBlogImage(
  scope: Scope,
  input: { image: unknown; blog_id?: number | null; tutor_id: number },
  storage: FileStorage,
) {
  const ownerId = input.blog_id ?? null
  if (ownerId !== null) await readRow(scope.db, scope, { id: ownerId, tutorId: input.tutor_id })
  const added = await addImage(
    scope.db,
    { kind: 'blog', tutorId: input.tutor_id, ownerId, image: input.image, max: BLOG_LIMITS.images },
    storage,
  )
  await audit(scope.db, scope.actor, {
    action: 'blog.add_image',
    entity: 'blog',
    id: ownerId ?? 0,
    data: { image_id: added.id },
  })
  return added
}

// ——— staff ———

/** POST /admin/blogs/get {page, filters: {status?, tutor_id?, text_search?}} */
export async function staffListBlogs(
  scope: Scope,
  input: { page: number; filters: { status?: ContentStatus; tutor_id?: number; text_search?: string } },
) {
  let q = base(scope.db, scope)
  const f = input.filters
  if (f.status) q = q.where('b.status', '=', f.status)
  if (f.tutor_id) q = q.where('b.tutor_id', '=', f.tutor_id)
  if (f.text_search) {
    const like = likeOf(f.text_search)
    q = q.where((eb) => eb.or([eb('b.title', 'ilike', like), eb('t.name', 'ilike', like), eb('b.text', 'ilike', like)]))
  }
  const [rows, total] = await Promise.all([
    // What waits for a decision first, then the newest.
    q
      .select(COLUMNS)
      .orderBy(sql`b.status = 'on_moderation'`, 'desc')
      .orderBy('b.id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: await answers(scope.db, rows), total: total.n, page: input.page }
}

/** GET /admin/blog/get?id (deleted posts too). */
export async function staffGetBlog(scope: Scope, input: { id: number }): Promise<Blog> {
  return answerOne(scope.db, await readRow(scope.db, scope, { id: input.id }))
}

/** POST /admin/blog/save {blog: {id, …}}: staff correct the text; the status stays. */
export async function staffSaveBlog(scope: Scope, input: TBlogFields & { id: number }): Promise<Blog> {
  const fields = cleanFields(input)
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    await trx
      .updateTable('blogs')
      .set({ ...fields, updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .execute()
    await attachImages(trx, {
      kind: 'blog',
      tutorId: before.tutor_id,
      ownerId: input.id,
      ids: input.image_ids,
      max: BLOG_LIMITS.images,
    })
    await audit(trx, scope.actor, {
      action: 'blog.staff_save',
      entity: 'blog',
      id: input.id,
      data: { status: before.status },
    })
    return answerOne(trx, await readRow(trx, scope, { id: input.id }))
  })
}

async function moveTo(scope: Scope, a: { id: number; to: ContentStatus; reason?: string; action: string }) {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: a.id, lock: true })
    if (before.status === 'deleted' && a.to !== 'deleted' && a.to !== 'published') throw wrongStatus()
    await trx
      .updateTable('blogs')
      .set({
        status: a.to,
        revision_reason:
          a.to === 'need_revision' ? (a.reason ?? '') : a.to === 'published' ? '' : before.revision_reason,
        ...(a.to === 'published' && !before.published_at ? { published_at: scope.now() } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', a.id)
      .execute()
    if (a.to === 'need_revision')
      await noticeRevision(trx, {
        tutorId: before.tutor_id,
        kind: 'blog',
        id: a.id,
        title: before.title,
        reason: a.reason ?? '',
      })
    await audit(trx, scope.actor, {
      action: a.action,
      entity: 'blog',
      id: a.id,
      data: { from: before.status, to: a.to, ...(a.reason ? { reason: a.reason } : {}) },
    })
    return { row: await readRow(trx, scope, { id: a.id }), before }
  })
}

/** POST /admin/blog/set_published?id */
export async function staffPublishBlog(scope: Scope, input: { id: number }) {
  return answerOne(scope.db, (await moveTo(scope, { id: input.id, to: 'published', action: 'blog.set_published' })).row)
}

/** POST /admin/blog/set_deleted?id */
export async function staffDeleteBlog(scope: Scope, input: { id: number }) {
  return answerOne(scope.db, (await moveTo(scope, { id: input.id, to: 'deleted', action: 'blog.set_deleted' })).row)
}

/** POST /admin/blog/set_need_revision?id&reason: the tutor is told on the site and by e-mail. */
export async function staffBlogNeedRevision(scope: Scope, input: { id: number; reason: string }, io: RevisionIo) {
  const { row } = await moveTo(scope, {
    id: input.id,
    to: 'need_revision',
    reason: input.reason,
    action: 'blog.set_need_revision',
  })
  await mailRevision(scope, { tutorId: row.tutor_id, kind: 'blog', title: row.title, reason: input.reason }, io)
  return answerOne(scope.db, row)
}

/** POST /admin/blog/set_mark?id&mark */
export async function staffSetBlogMark(scope: Scope, input: { id: number; mark: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    await trx.updateTable('blogs').set({ mark: input.mark }).where('id', '=', input.id).execute()
    await audit(trx, scope.actor, {
      action: 'blog.set_mark',
      entity: 'blog',
      id: input.id,
      data: { from: before.mark, to: input.mark },
    })
    return answerOne(trx, await readRow(trx, scope, { id: input.id }))
  })
}

// ——— visitors ———

function publicBase(scope: Pick<Scope, 'db' | 'edition'>) {
  return base(scope.db, scope)
    .where('b.status', '=', 'published')
    .where('t.deleted_at', 'is', null)
    .where('t.anonymized_at', 'is', null)
}
const PUBLIC_COLUMNS = [...COLUMNS, 't.avatar_url'] as const

function card(r: Row & { avatar_url: string | null }, image: string | null): PublicBlogCard {
  // The excerpt is the body's text: headings would run into the first sentence.
  const text = plainText(r.text.replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, ' '))
  return {
    id: r.id,
    tutor_id: r.tutor_id,
    tutor_name: r.tutor_name,
    tutor_avatar: r.avatar_url,
    title: r.title,
    excerpt: text.length > 220 ? `${text.slice(0, 217).replace(/\s+\S*$/, '')}…` : text,
    image,
    rating: avg(r.rating_sum, r.rating_count),
    rating_count: r.rating_count,
    published_at: (r.published_at ?? r.created_at).toISOString(),
  }
}

/** GET /client/blogs?page&tutor_id: published posts, newest first. */
export async function publicBlogs(scope: Scope, input: { page: number; tutor_id?: number }) {
  let q = publicBase(scope)
  if (input.tutor_id) q = q.where('b.tutor_id', '=', input.tutor_id)
  const [rows, total] = await Promise.all([
    q
      .select(PUBLIC_COLUMNS)
      .orderBy('b.published_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(PUBLIC_BLOGS_PER_PAGE)
      .offset((input.page - 1) * PUBLIC_BLOGS_PER_PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const images = await imagesOf(
    scope.db,
    'blog',
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((r) => card(r, images.get(r.id)?.[0]?.url ?? null)),
    total: total.n,
    page: input.page,
    pages: Math.max(1, Math.ceil(total.n / PUBLIC_BLOGS_PER_PAGE)),
  }
}

/** GET /client/blog/get?id: one published post (anything else is a 404). */
export async function publicBlog(scope: Scope, input: { id: number }): Promise<PublicBlog> {
  const row = await publicBase(scope).select(PUBLIC_COLUMNS).where('b.id', '=', input.id).executeTakeFirst()
  if (!row) throw notFound()
  const images = await imagesOf(scope.db, 'blog', [row.id])
  return {
    ...card(row, images.get(row.id)?.[0]?.url ?? null),
    text: sanitizeRichText(row.text),
    updated_at: row.updated_at.toISOString(),
  }
}

/** POST /client/blog/set_rating?id&rating: one vote per visitor (signed-in person, else address); a repeat changes nothing. */
export async function rateBlog(scope: Scope, input: { id: number; rating: number; voter: string }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await publicBase({ db: trx as never, edition: scope.edition })
      .select(['b.id'])
      .where('b.id', '=', input.id)
      .forUpdate('b')
      .executeTakeFirst()
    if (!row) throw notFound()
    const inserted = await trx
      .insertInto('blog_ratings')
      .values({ blog_id: input.id, voter: input.voter, rating: input.rating })
      .onConflict((oc) => oc.columns(['blog_id', 'voter']).doNothing())
      .returning('blog_id')
      .executeTakeFirst()
    if (inserted)
      await trx
        .updateTable('blogs')
        .set((eb) => ({ rating_sum: eb('rating_sum', '+', input.rating), rating_count: eb('rating_count', '+', 1) }))
        .where('id', '=', input.id)
        .execute()
    const now = await trx
      .selectFrom('blogs')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow()
    return {
      id: input.id,
      rating: avg(now.rating_sum, now.rating_count),
      rating_count: now.rating_count,
      already_rated: !inserted,
    }
  })
}
