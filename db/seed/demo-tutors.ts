// The demo marketplace's tutors: DEMO_TUTORS per edition with names in the edition's languages,
// subjects and levels, cities and districts or online, prices from their band, generated avatars
// that load like uploaded ones (setAvatar, the upload path), descriptions and education, reviews
// from paid orders of demo clients, and a few TOP placements. Deterministic: everything is picked
// by the tutor's index, so every start shows the same marketplace.
//
// Coverage, so that every catalogue page a visitor reaches from the home page and the footer lists
// tutors: tutor i teaches subject i mod L in the cities row and row + C/2 (row = i div L), so the
// first L tutors cover every subject in the first city and the one half-way down the list, the next
// L the next two, and so on; half of them also work in the capital, as real demand is skewed;
// every other tutor also teaches a popular subject; two thirds teach online.
import sharp from 'sharp'
import { sql } from 'kysely'
import type { Db } from '../client'
import type { Edition } from '../../common/editions'
import type { FileStorage } from '../../server/integrations/storage/storage'
import { prepareAvatar, setAvatar } from '../../server/domain/tutors/avatar'
import { SYSTEM } from '../../server/domain/shared/audit'
import { demoPerson, demoWords, peopleOf } from './demo-people'
import { atLocalHour } from './demo-time'

export const DEMO_TUTORS = 72
const DEMO_CLIENTS = 24
/** The last tutors teach online only. */
const ONLINE_ONLY_FROM = 60
const DAY = 86_400_000

const COLOURS = [
  '#2563eb',
  '#0891b2',
  '#059669',
  '#65a30d',
  '#d97706',
  '#dc2626',
  '#db2777',
  '#7c3aed',
  '#4f46e5',
  '#0d9488',
]

/** A portrait-like avatar: initials on a coloured disc over a soft background, as a PNG upload. */
async function demoAvatar(name: string, i: number): Promise<File> {
  const initials = name
    .split(' ')
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
  const colour = COLOURS[i % COLOURS.length]!
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="#f1f5f9"/>
    <circle cx="200" cy="200" r="170" fill="${colour}"/>
    <circle cx="200" cy="160" r="62" fill="#ffffff" fill-opacity="0.25"/>
    <path d="M90 330 C110 250 290 250 310 330 Z" fill="#ffffff" fill-opacity="0.25"/>
    <text x="200" y="228" font-family="DejaVu Sans, Arial, sans-serif" font-size="120" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>
  </svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return new File([png], `avatar-${i}.png`, { type: 'image/png' })
}

interface Reference {
  lessons: { id: number; popular: boolean; levels: number[] }[]
  cities: { id: number; districts: number[] }[]
  rates: number[]
}

async function readReference(db: Db, ed: Edition): Promise<Reference> {
  const lessons = await db
    .selectFrom('lessons')
    .select(['id', 'popular'])
    .where('edition', '=', ed.code)
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  const levels = await db.selectFrom('levels').select(['id', 'lesson_id']).orderBy('sort').orderBy('id').execute()
  const cities = await db
    .selectFrom('cities')
    .select('id')
    .where('edition', '=', ed.code)
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  const districts = await db.selectFrom('districts').select(['id', 'city_id']).orderBy('id').execute()
  const rates = await db
    .selectFrom('rates')
    .select('id')
    .where('edition', '=', ed.code)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return {
    lessons: lessons.map((l) => ({
      id: l.id,
      popular: l.popular,
      levels: levels.filter((v) => v.lesson_id === l.id).map((v) => v.id),
    })),
    cities: cities.map((c) => ({ id: c.id, districts: districts.filter((d) => d.city_id === c.id).map((d) => d.id) })),
    rates: rates.map((r) => r.id),
  }
}

/** Inserts the demo tutors; answers their ids in index order. Prices and listings are the caller's. */
export async function seedDemoTutors(db: Db, ed: Edition, storage: FileStorage | null): Promise<number[]> {
  const ref = await readReference(db, ed)
  const L = ref.lessons.length
  const C = ref.cities.length
  const P = Math.max(1, ref.lessons.filter((l) => l.popular).length)
  if (!L || !C) return []
  const people = peopleOf(ed.code)
  const words = demoWords(ed.code)
  const ids: number[] = []

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEMO_TUTORS; i++) {
      const who = demoPerson(ed.code, i)
      const person = await trx
        .insertInto('people')
        .values({ email: `demo-tutor-${i + 1}@example.com`, name: who.full })
        .returning('id')
        .executeTakeFirstOrThrow()
      const offline = i < ONLINE_ONLY_FROM
      const tutor = await trx
        .insertInto('tutors')
        .values({
          person_id: person.id,
          name: who.full,
          first_name: who.first,
          status: 2,
          published: true,
          active: true,
          verified: i % 3 === 0,
          work_online: !offline || i % 3 !== 2,
          work_home: offline && i % 2 === 0,
          work_travel: offline && i % 2 === 1,
          description: `${words.about[i % words.about.length]} ${words.about[(i + 3) % words.about.length]}`,
          short_description: words.short[i % words.short.length]!,
          university_name: people.universities[i % people.universities.length]!,
          university_graduation_year: 1995 + ((i * 7) % 28),
          rate_id: ref.rates.length ? ref.rates[(i * 3) % ref.rates.length]! : null,
          response_minutes: 5 + ((i * 13) % 110),
          response_rate: 0.6 + (i % 5) / 10,
          points_first_diploma: i % 4,
          created_at: new Date(Date.now() - (400 - i * 5) * DAY),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(tutor.id)

      // Subjects: one by coverage; every other tutor also teaches a popular subject (they come
      // first in sort order), every fifth a third one.
      const subjects = [
        ...new Set([i % L, ...(i % 2 === 0 ? [(i / 2) % P] : []), ...(i % 5 === 0 ? [(i * 3 + 7) % L] : [])]),
      ].map((k) => ref.lessons[k]!)
      await trx
        .insertInto('tutor_subjects')
        .values(
          subjects.map((s, k) => ({
            tutor_id: tutor.id,
            lesson_id: s.id,
            sort: k,
            description: words.subjectNotes[(i + k) % words.subjectNotes.length]!,
          })),
        )
        .execute()
      const levels = subjects.flatMap((s) =>
        [...new Set([s.levels[i % s.levels.length], s.levels[(i + 1) % s.levels.length]])]
          .filter((v) => v !== undefined)
          .map((v) => ({ tutor_id: tutor.id, lesson_id: s.id, level_id: v! })),
      )
      if (levels.length) await trx.insertInto('tutor_subject_levels').values(levels).execute()

      if (offline) {
        const kind = i % 2 === 0 ? 'home' : 'travel'
        const row = Math.floor(i / L)
        const cities = [...new Set([row % C, (row + Math.ceil(C / 2)) % C, ...(i % 2 === 0 ? [0] : [])])].map(
          (k) => ref.cities[k]!,
        )
        await trx
          .insertInto('tutor_places')
          .values(
            cities.map((c) => ({
              tutor_id: tutor.id,
              kind,
              city_id: c.id,
              district_id: c.districts.length ? c.districts[(i * 3) % c.districts.length]! : null,
            })),
          )
          .execute()
      }
    }
  })

  // Photos through the upload path (one in eight has none, as in a real catalogue).
  if (storage) {
    // Drawn, checked and rendered all at once (sharp works on its own threads: about half the time of one
    // by one on two cores), then stored one by one; the seed lists every tutor once at its end
    // (docs/benchmarks.md, "Start-up time").
    const prepared = await Promise.all(
      ids.map((_, i) =>
        i % 8 === 7 ? null : demoAvatar(demoPerson(ed.code, i).full, i).then((image) => prepareAvatar(image)),
      ),
    )
    for (const [i, avatar] of prepared.entries())
      if (avatar)
        await setAvatar({ db, actor: SYSTEM }, { tutor_id: ids[i]!, prepared: avatar, relist: false }, storage)
  }
  return ids
}

/**
 * Demo clients and their paid orders with the tutors, each reviewed (reviews exist only on paid
 * orders: docs/domain.md), then the tutors' review figures; and a few TOP placements in the capital.
 */
export async function seedDemoReviews(db: Db, ed: Edition, tutorIds: number[]): Promise<void> {
  if (!tutorIds.length) return
  const words = demoWords(ed.code)
  const capital = await db
    .selectFrom('cities')
    .select('id')
    .where('edition', '=', ed.code)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  await db.transaction().execute(async (trx) => {
    const who = Array.from({ length: DEMO_CLIENTS }, (_, c) => demoPerson(ed.code, c + 101))
    const people = await trx
      .insertInto('people')
      .values(who.map((w, c) => ({ email: `demo-client-${c + 1}@example.com`, name: w.full })))
      .returning('id')
      .execute()
    const clientRows = await trx
      .insertInto('clients')
      .values(who.map((w, c) => ({ person_id: people[c]!.id, name: w.full })))
      .returning('id')
      .execute()
    // Reviews are signed with the first name and the surname's initial.
    const clients = who.map((w, c) => {
      const [first, last] = w.full.split(' ')
      return { id: clientRows[c]!.id, name: `${first} ${last?.[0] ?? ''}.` }
    })
    const subjects = await trx
      .selectFrom('tutor_subjects')
      .select(['tutor_id', 'lesson_id'])
      .where('tutor_id', 'in', tutorIds)
      .orderBy('sort')
      .execute()
    // Every paid order and its review made in memory, then written a table at a time (a statement per
    // row took seconds of a first start).
    const paid: {
      tutorId: number
      lessonId: number
      client: { id: number; name: string }
      mark: number
      text: string
      paidAt: Date
      n: number
    }[] = []
    let n = 0
    for (const [i, tutorId] of tutorIds.entries()) {
      const count = [4, 2, 6, 3, 1, 5, 0, 7][i % 8]!
      const lessonId = subjects.find((s) => s.tutor_id === tutorId)!.lesson_id
      for (let k = 0; k < count; k++, n++) {
        const [mark, text] = words.reviews[(i + k * 3) % words.reviews.length]!
        const paidAt = new Date(Date.now() - (10 + ((n * 11) % 300)) * DAY)
        paid.push({ tutorId, lessonId, client: clients[n % clients.length]!, mark, text, paidAt, n })
      }
    }
    if (paid.length) {
      // RETURNING gives the rows in the order of VALUES (one INSERT … VALUES statement).
      const orders = await trx
        .insertInto('orders')
        .values(
          paid.map((p) => ({
            edition: ed.code,
            status: 7,
            kind: 'personal' as const,
            client_id: p.client.id,
            client_name: p.client.name,
            lesson_id: p.lessonId,
            tutor_id: p.tutorId,
            personal_tutor_id: p.tutorId,
            location_online: true,
            description: words.requests[p.n % words.requests.length]!,
            created_at: new Date(p.paidAt.getTime() - 9 * DAY),
            appointed_at: new Date(p.paidAt.getTime() - 8 * DAY),
            first_class: atLocalHour(new Date(p.paidAt.getTime() - 6 * DAY), ed.timeZone, 15 + (p.n % 5)),
            paid_at: p.paidAt,
          })),
        )
        .returning('id')
        .execute()
      await trx
        .insertInto('order_tutors')
        .values(
          paid.map((p, j) => ({
            order_id: orders[j]!.id,
            tutor_id: p.tutorId,
            role: 'appointed' as const,
            responded_at: new Date(p.paidAt.getTime() - 8 * DAY),
          })),
        )
        .execute()
      const reviews = await trx
        .insertInto('reviews')
        .values(
          paid.map((p, j) => ({
            tutor_id: p.tutorId,
            client_id: p.client.id,
            order_id: orders[j]!.id,
            lesson_id: p.lessonId,
            client_name: p.client.name,
            mark: p.mark,
            text: p.text,
            status: 1,
            created_at: new Date(p.paidAt.getTime() + 3 * DAY),
          })),
        )
        .returning(['id', 'order_id'])
        .execute()
      await sql`update orders o set review_id = r.id, review_mark = r.mark, review_text = r.text, review_status = 1
        from reviews r where r.order_id = o.id and r.id = any(${sql.val(reviews.map((r) => r.id))}::int[])`.execute(trx)
    }
    await sql`update tutors t set review_count = r.n, review_avg = r.avg
      from (select tutor_id, count(*)::int as n, avg(mark)::real as avg from reviews where status = 1 group by tutor_id) r
      where t.id = r.tutor_id and t.id = any(${sql.val(tutorIds)}::int[])`.execute(trx)

    // Four TOP placements in the capital for a month, on the first tutors' first subjects.
    if (capital)
      for (const tutorId of tutorIds.slice(0, 4)) {
        const lessonId = subjects.find((s) => s.tutor_id === tutorId)!.lesson_id
        await trx
          .insertInto('tops')
          .values({
            tutor_id: tutorId,
            lesson_id: lessonId,
            city_id: capital.id,
            starts_at: new Date(Date.now() - DAY),
            ends_at: new Date(Date.now() + 30 * DAY),
            paid_amount: 0,
          })
          .execute()
      }
  })
}

/**
 * The demo tutor account (tutor@example.com) as a finished profile like the marketplace around it: the
 * first subject (its demo orders' subject, online) with two levels, lessons at home in the capital and
 * online, texts, education, a band and a photo, so its cabinet shows a listed profile, its rating and
 * what a TOP would cost. Prices come from its band with the others' (seedTutorPrices).
 */
export async function completeAccountTutor(db: Db, ed: Edition, tutorId: number, storage: FileStorage | null) {
  const ref = await readReference(db, ed)
  const first = await db
    .selectFrom('lessons')
    .select('id')
    .where('edition', '=', ed.code)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  const lesson = ref.lessons.find((l) => l.id === first?.id)
  const capital = ref.cities[0]
  if (!lesson || !capital) return
  const words = demoWords(ed.code)
  const people = peopleOf(ed.code)
  await db
    .updateTable('tutors')
    .set({
      active: true,
      work_online: true,
      work_home: true,
      description: `${words.about[0]} ${words.about[3 % words.about.length]}`,
      short_description: words.short[0]!,
      university_name: people.universities[0]!,
      university_graduation_year: 2012,
      rate_id: ref.rates.length ? ref.rates[Math.floor(ref.rates.length / 2)]! : null,
      response_minutes: 12,
      response_rate: 0.9,
    })
    .where('id', '=', tutorId)
    .execute()
  await db
    .insertInto('tutor_subjects')
    .values({ tutor_id: tutorId, lesson_id: lesson.id, sort: 0, description: words.subjectNotes[0]! })
    .execute()
  const levels = lesson.levels.slice(0, 2).map((v) => ({ tutor_id: tutorId, lesson_id: lesson.id, level_id: v }))
  if (levels.length) await db.insertInto('tutor_subject_levels').values(levels).execute()
  await db
    .insertInto('tutor_places')
    .values({ tutor_id: tutorId, kind: 'home', city_id: capital.id, district_id: capital.districts[0] ?? null })
    .execute()
  if (storage) {
    const name = (await db.selectFrom('tutors').select('name').where('id', '=', tutorId).executeTakeFirstOrThrow()).name
    await setAvatar({ db, actor: SYSTEM }, { tutor_id: tutorId, image: await demoAvatar(name, 3) }, storage)
  }
}
