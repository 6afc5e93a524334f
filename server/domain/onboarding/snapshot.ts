// The tutor's public profile as a flat record of named fields, kept at each approval so the panel can
// show what changed since (a field is "changed" when its value differs from the approved one). Only
// what the public sees: the staff's own marks and the tutor's private settings are left out.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'

export type ProfileSnapshot = Record<string, unknown>

export async function profileSnapshot(db: Executor, tutorId: number): Promise<ProfileSnapshot> {
  const [t, subjects, levels, prices, places, docs] = await Promise.all([
    db
      .selectFrom('tutors')
      .select([
        'name',
        'age',
        'description',
        'short_description',
        'university_name',
        'university_graduation_year',
        'avatar_url',
        'video_url',
        'schedule',
        'work_home',
        'work_travel',
        'work_online',
        'online_communication_app',
      ])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tutor_subjects')
      .select(['lesson_id', 'description'])
      .where('tutor_id', '=', tutorId)
      .orderBy('lesson_id')
      .execute(),
    db
      .selectFrom('tutor_subject_levels')
      .select(['lesson_id', 'level_id'])
      .where('tutor_id', '=', tutorId)
      .orderBy('lesson_id')
      .orderBy('level_id')
      .execute(),
    db
      .selectFrom('tutor_prices')
      .select(['lesson_id', 'minutes', 'price_minor'])
      .where('tutor_id', '=', tutorId)
      .orderBy('lesson_id')
      .orderBy('minutes')
      .execute(),
    db
      .selectFrom('tutor_places')
      .select(['kind', 'city_id', 'district_id', 'subdistrict_id'])
      .where('tutor_id', '=', tutorId)
      .orderBy('kind')
      .orderBy('city_id')
      .orderBy(sql`district_id nulls first`)
      .orderBy(sql`subdistrict_id nulls first`)
      .execute(),
    db.selectFrom('tutor_documents').select('id').where('tutor_id', '=', tutorId).orderBy('id').execute(),
  ])
  return {
    ...t,
    subjects: subjects.map((s) => s.lesson_id),
    subject_descriptions: Object.fromEntries(subjects.map((s) => [s.lesson_id, s.description])),
    levels: levels.map((l) => `${l.lesson_id}:${l.level_id}`),
    prices: prices.map((p) => `${p.lesson_id}:${p.minutes}:${p.price_minor}`),
    places: places.map((p) => `${p.kind}:${p.city_id}:${p.district_id ?? ''}:${p.subdistrict_id ?? ''}`),
    documents: docs.map((d) => d.id),
  }
}

/** The names of the fields whose value differs between the approved snapshot and now. */
export function changedFields(approved: ProfileSnapshot | null, now: ProfileSnapshot): string[] {
  if (!approved) return []
  return Object.keys(now).filter((k) => JSON.stringify(approved[k] ?? null) !== JSON.stringify(now[k] ?? null))
}
