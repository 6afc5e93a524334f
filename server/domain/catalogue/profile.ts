// A tutor's public profile, their reviews, the data the order form needs, and cards of tutors a
// visitor viewed. Unpublished, inactive or deleted tutors do not exist here (404).
import { sql } from 'kysely'
import { notFound } from '../../../common/errors'
import { localName } from '../shared/names'
import { type Reader, cardSelection, cardsByIds, toCard } from './cards'

// biome-ignore lint/suspicious/noExplicitAny: any select over `tutors as t`, whatever its arguments
const isPublic = <T extends { where: (...a: any[]) => T }>(q: T) =>
  q.where('t.published', '=', true).where('t.active', '=', true).where('t.deleted_at', 'is', null)

/**
 * The public profile. `preview`: the same answer for a tutor not (yet) published, hidden or deleted — only for
 * the tutor themself and staff (tutor.profile.preview, admin.tutors.preview), never on the public page.
 */
export async function publicTutor(reader: Reader, id: number, opts: { preview?: boolean } = {}) {
  const { db } = reader
  const query = db
    .selectFrom('tutors as t')
    .select([
      ...cardSelection(),
      't.description as full_description',
      't.schedule',
      't.age',
      't.university_graduation_year',
      't.online_communication_app',
      't.english_level',
      sql<boolean>`exists (select 1 from catalogue_listings l where l.tutor_id = t.id and l.is_top)`.as('is_top'),
    ])
    .where('t.id', '=', id)
  // The preview shows any state (staff open deleted tutors' editors too).
  const row = await (opts.preview ? query : isPublic(query)).executeTakeFirst()
  if (!row) throw notFound()
  return {
    ...toCard(row, reader, { is_top: row.is_top }),
    description: row.full_description,
    schedule: row.schedule,
    video_url: row.video_url,
    age: row.age,
    university_graduation_year: row.university_graduation_year,
    online_communication_app: row.online_communication_app,
    /** The band of the English level test the tutor passed, for the profile badge. */
    english_level: row.english_level,
  }
}
export type PublicTutor = Awaited<ReturnType<typeof publicTutor>>

export const DEFAULT_REVIEWS_LIMIT = 10

export async function tutorReviews(
  { db, locale, edition: ed }: Reader,
  a: { tutorId: number; limit: number; page: number; lessonId?: number | undefined; levelId?: number | undefined },
) {
  const tutor = await isPublic(
    db
      .selectFrom('tutors as t')
      .select(['t.id', 't.name', 't.review_avg', 't.review_count'])
      .where('t.id', '=', a.tutorId),
  ).executeTakeFirst()
  if (!tutor) throw notFound()
  let q = db.selectFrom('reviews as r').where('r.tutor_id', '=', a.tutorId).where('r.status', '=', 1)
  if (a.lessonId) q = q.where('r.lesson_id', '=', a.lessonId)
  if (a.levelId) q = q.where('r.level_id', '=', a.levelId)
  const [rows, count] = await Promise.all([
    q
      .leftJoin('lessons as ls', 'ls.id', 'r.lesson_id')
      .leftJoin('levels as lv', 'lv.id', 'r.level_id')
      .select([
        'r.id',
        'r.client_name',
        'r.mark',
        'r.text',
        'r.response_text',
        'ls.names as lesson_names',
        'lv.names as level_names',
        sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(a.limit)
      .offset((a.page - 1) * a.limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((r) => ({
      id: r.id,
      review_text: r.text,
      review_mark: r.mark,
      review_response_text: r.response_text,
      client_name: r.client_name,
      tutor_name: tutor.name,
      tutor_avg_review_rate: Math.round(tutor.review_avg * 10) / 10,
      lesson: r.lesson_names ? localName(r.lesson_names, locale, ed) : null,
      level: r.level_names ? localName(r.level_names, locale, ed) : null,
      created_at: r.created_at,
    })),
    total: count.n,
    page: a.page,
  }
}

/** What the order form offers for this tutor: their subjects with levels and their places. */
export async function orderFormData(reader: Reader, id: number) {
  const tutor = await publicTutor(reader, id)
  return {
    tutor_id: tutor.id,
    name: tutor.name,
    avatar: tutor.avatar,
    lessons: tutor.lessons.map((l) => ({ id: l.id, name: l.name, levels: l.levels })),
    locations_home: tutor.locations_home,
    locations_travel: tutor.locations_travel,
    online: tutor.online,
    price: tutor.price,
    currency: tutor.currency,
  }
}

/** Cards of tutors a visitor viewed (ids kept by the browser), public ones only, in that order. */
export async function viewedTutors(reader: Reader, ids: number[]) {
  const { db } = reader
  const visible = await isPublic(
    db
      .selectFrom('tutors as t')
      .select('t.id')
      .where('t.id', 'in', ids.length ? ids : [0]),
  ).execute()
  const allowed = new Set(visible.map((v) => v.id))
  return cardsByIds(
    reader,
    ids.filter((i) => allowed.has(i)),
  )
}
