// Catalogue fixtures: a little reference data and tutors with profiles, listed through the real
// refreshListings (the same code the profile editor and staff actions call).
import { sql } from 'kysely'
import type { Db } from '../../db/client'
import { jsonb } from '../../db/jsonb'
import { refreshListings } from '../../server/domain/catalogue/listings'

export async function referenceFixture(db: Db, edition = 'ua') {
  const lesson = async (alias: string, ua: string, popular = false) =>
    (
      await db
        .insertInto('lessons')
        .values({ edition, alias, names: jsonb({ ua, en: alias }), popular })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const city = async (alias: string, ua: string) =>
    (
      await db
        .insertInto('cities')
        .values({ edition, alias, names: jsonb({ ua, en: alias }), popular: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const district = async (cityId: number, alias: string, ua: string) =>
    (
      await db
        .insertInto('districts')
        .values({ city_id: cityId, alias, names: jsonb({ ua }) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const level = async (lessonId: number, alias: string, ua: string) =>
    (
      await db
        .insertInto('levels')
        .values({ lesson_id: lessonId, alias, names: jsonb({ ua }) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const rate = async (min: number, max: number | null, ua: string) =>
    (
      await db
        .insertInto('rates')
        .values({ edition, min_price: min, max_price: max, names: jsonb({ ua }) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id

  const math = await lesson('matematyka', 'Математика', true)
  const english = await lesson('anglijska', 'Англійська мова', true)
  const kyiv = await city('kyiv', 'Київ')
  const lviv = await city('lviv', 'Львів')
  return {
    lessons: { math, english },
    cities: { kyiv, lviv },
    districts: {
      podil: await district(kyiv, 'podil', 'Поділ'),
      obolon: await district(kyiv, 'obolon', 'Оболонь'),
      sykhiv: await district(lviv, 'sykhiv', 'Сихів'),
    },
    levels: {
      school: await level(math, 'shkola', 'Шкільна програма'),
      exam: await level(math, 'nmt', 'Підготовка до НМТ'),
      b2: await level(english, 'b2', 'B2'),
    },
    rates: {
      low: await rate(0, 300, 'до 300'),
      mid: await rate(300, 600, '300–600'),
      high: await rate(600, null, 'від 600'),
    },
  }
}
export type Ref = Awaited<ReturnType<typeof referenceFixture>>

export interface TutorSpec {
  name?: string
  published?: boolean
  active?: boolean
  deleted?: boolean
  status?: number
  subjects?: { lesson: number; levels?: number[]; description?: string }[]
  places?: { kind: 'home' | 'travel'; city: number; district?: number }[]
  online?: boolean
  /** The 60-minute price of every subject, whole units (tutor_prices; tutors.price too). */
  price?: number
  /** Own prices by subject id and minutes, whole units (beside or instead of `price`). */
  prices?: Record<number, Partial<Record<45 | 60 | 90, number>>>
  currency?: string
  rate?: number
  reviewCount?: number
  reviewAvg?: number
  avatar?: boolean
  description?: string
  university?: string
}

let seq = 0
export async function makeTutor(db: Db, spec: TutorSpec): Promise<number> {
  const n = ++seq
  const person = await db
    .insertInto('people')
    .values({ email: `cat-${process.pid}-${Date.now()}-${n}@example.com`, name: spec.name ?? `Tutor ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const places = spec.places ?? []
  const tutor = await db
    .insertInto('tutors')
    .values({
      person_id: person.id,
      name: spec.name ?? `Tutor ${n}`,
      first_name: (spec.name ?? `Tutor ${n}`).split(' ')[0]!,
      status: spec.status ?? 2,
      published: spec.published ?? true,
      active: spec.active ?? true,
      deleted_at: spec.deleted ? sql<Date>`now()` : null,
      work_home: places.some((p) => p.kind === 'home'),
      work_travel: places.some((p) => p.kind === 'travel'),
      work_online: spec.online ?? false,
      price: spec.price ?? null,
      rate_id: spec.rate ?? null,
      review_count: spec.reviewCount ?? 0,
      review_avg: spec.reviewAvg ?? 0,
      avatar_url: spec.avatar ? `/media/avatars/${n}.jpg` : null,
      description: spec.description ?? '',
      university_name: spec.university ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [i, s] of (spec.subjects ?? []).entries()) {
    await db
      .insertInto('tutor_subjects')
      .values({ tutor_id: tutor.id, lesson_id: s.lesson, description: s.description ?? '', sort: i })
      .execute()
    for (const level of s.levels ?? [])
      await db
        .insertInto('tutor_subject_levels')
        .values({ tutor_id: tutor.id, lesson_id: s.lesson, level_id: level })
        .execute()
  }
  const priceRows = (spec.subjects ?? []).flatMap((s) => {
    const own: Partial<Record<number, number>> = {
      ...(spec.price !== undefined ? { 60: spec.price } : {}),
      ...spec.prices?.[s.lesson],
    }
    return Object.entries(own).map(([minutes, units]) => ({
      tutor_id: tutor.id,
      lesson_id: s.lesson,
      minutes: Number(minutes),
      price_minor: Math.round(units! * 100),
      currency: spec.currency ?? 'UAH',
    }))
  })
  if (priceRows.length) await db.insertInto('tutor_prices').values(priceRows).execute()
  for (const p of places)
    await db
      .insertInto('tutor_places')
      .values({ tutor_id: tutor.id, kind: p.kind, city_id: p.city, district_id: p.district ?? null })
      .execute()
  await refreshListings(db, [tutor.id])
  return tutor.id
}

export async function addTop(
  db: Db,
  a: { tutor: number; lesson: number; city: number | null; startedMinutesAgo?: number },
) {
  await db
    .insertInto('tops')
    .values({
      tutor_id: a.tutor,
      lesson_id: a.lesson,
      city_id: a.city,
      starts_at: sql<Date>`now() - make_interval(mins => ${a.startedMinutesAgo ?? 60})`,
      ends_at: sql<Date>`now() + interval '30 days'`,
      paid_amount: 100,
    })
    .execute()
  await refreshListings(db, [a.tutor])
}
