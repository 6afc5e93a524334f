// The tutor's own checklist (GET /tutor/profile/completeness): which onboarding steps are done, what
// keeps the profile out of the catalogue, and which profile parts would raise its rating points. No
// rule of its own: the listing gaps are catalogue/listings.ts listingGaps() (the rule the catalogue
// lists by) and the points are catalogue/ranking.ts rank() (the rule it orders by).
import { sql } from 'kysely'
import { CATALOGUE_MINUTES } from '../../../common/price-rules'
import { listingGaps } from '../catalogue/listings'
import { type RankReason, rank, rankInputOf, rankOfTutor } from '../catalogue/ranking'
import { MIN_DESCRIPTION_FOR_VERIFICATION } from '../account/tutor-verification'
import type { Reader } from '../catalogue/cards'

/** The onboarding steps in their order (docs/product.md "Tutor onboarding"); `preview` is the client's last step. */
export const ONBOARDING_STEPS = ['basics', 'subjects', 'prices', 'places', 'photo', 'about'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

/** Parts of rank() a tutor raises by filling the profile in (the rest come from staff, requests and reviews). */
const PROFILE_REASONS = ['photo', 'description', 'schedule', 'video'] as const satisfies readonly RankReason[]

export async function tutorCompleteness({ db }: Reader, tutorId: number) {
  const t = await db
    .selectFrom('tutors as t')
    .select([
      't.name',
      't.published',
      't.active',
      't.deleted_at',
      't.avatar_url',
      't.schedule',
      't.video_url',
      't.description',
      't.points_first_diploma',
      't.points_second_diploma',
      't.response_minutes',
      't.response_rate',
      't.review_count',
      't.review_avg',
      't.ignored_requests',
      't.work_online',
      sql<number>`(select count(*)::int from tutor_subjects s where s.tutor_id = t.id)`.as('subjects'),
      // Subjects with the catalogue's (60-minute) price: the price the cards and the filters show.
      sql<number>`(select count(*)::int from tutor_subjects s where s.tutor_id = t.id and exists
        (select 1 from tutor_prices p where p.tutor_id = t.id and p.lesson_id = s.lesson_id
          and p.minutes = ${CATALOGUE_MINUTES}))`.as('priced'),
      sql<number>`(select count(*)::int from tutor_places pl where pl.tutor_id = t.id
        and ((pl.kind = 'home' and t.work_home) or (pl.kind = 'travel' and t.work_travel)))`.as('places'),
    ])
    .where('t.id', '=', tutorId)
    .executeTakeFirstOrThrow()
  const row = { ...t, has_schedule: t.schedule !== null, description_length: t.description.length }
  const now = rankOfTutor(row)
  // The same rank() with every profile part complete: the difference per part is what it would add.
  const full = rank({
    ...rankInputOf(row),
    hasAvatar: true,
    hasSchedule: true,
    hasVideo: true,
    descriptionLength: Math.max(300, row.description_length),
  })
  const pointsOf = (parts: typeof now.parts, reason: RankReason) => parts.find((p) => p.reason === reason)?.points ?? 0
  const gains = PROFILE_REASONS.map((reason) => ({
    reason,
    points: pointsOf(full.parts, reason) - pointsOf(now.parts, reason),
  })).filter((g) => g.points > 0)
  const done: Record<OnboardingStep, boolean> = {
    basics: t.name.trim().length > 0,
    subjects: t.subjects > 0,
    prices: t.subjects > 0 && t.priced === t.subjects,
    places: t.places > 0 || t.work_online,
    photo: !!t.avatar_url,
    about: t.description.trim().length >= MIN_DESCRIPTION_FOR_VERIFICATION,
  }
  return {
    steps: ONBOARDING_STEPS.map((step) => ({ step, done: done[step] })),
    listing_gaps: listingGaps(t, { subjects: t.subjects, places: t.places, online: t.work_online }),
    published: t.published,
    points: now.points,
    gains,
  }
}
