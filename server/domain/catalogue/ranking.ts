// The catalogue's ranking: one function, so the order and its explanation ("why here") never
// disagree. Paid TOP placement comes first (marked, capped per slot: top-rules.ts); then rating points.
//
//   profile completeness   photo 10, schedule 5, video 5, description 10 (≥ 300 characters) or 5 (≥ 100)
//   diplomas               points_first_diploma + points_second_diploma (set by staff)
//   response time          personal requests answered: 15 − 3 × bucket (docs/product.md#9-business-constants-and-limits
// buckets 0–5)   response rate          0–10 (share of personal requests answered)
//   reviews                one point per review up to 20, and (average − 3) × 5 for their marks
//   penalties              −5 per ignored request, at most −30
// The response figures come from the tutor's answers to personal requests (orders/response-figures.ts).

export interface RankInput {
  hasAvatar: boolean
  hasSchedule: boolean
  hasVideo: boolean
  descriptionLength: number
  pointsFirstDiploma: number
  pointsSecondDiploma: number
  responseMinutes: number | null
  responseRate: number | null
  reviewCount: number
  reviewAvg: number
  ignoredRequests: number
}

export type RankReason =
  | 'photo'
  | 'schedule'
  | 'video'
  | 'description'
  | 'diplomas'
  | 'response_time'
  | 'response_rate'
  | 'reviews'
  | 'review_marks'
  | 'ignored_requests'

export interface RankPart {
  reason: RankReason
  points: number
}

/**
 * Response-time bucket (docs/product.md#9-business-constants-and-limits): up to 5 minutes 0; over 5 up to 10 → 1; up to
 * 15 → 2; up to 30 → 3; up to 60 → 4; above 60 → 5.
 */
export function responseBucket(minutes: number): 0 | 1 | 2 | 3 | 4 | 5 {
  if (minutes <= 5) return 0
  if (minutes <= 10) return 1
  if (minutes <= 15) return 2
  if (minutes <= 30) return 3
  if (minutes <= 60) return 4
  return 5
}

export function rank(t: RankInput): { points: number; parts: RankPart[] } {
  const parts: RankPart[] = []
  const add = (reason: RankReason, points: number) => {
    if (points !== 0) parts.push({ reason, points })
  }
  add('photo', t.hasAvatar ? 10 : 0)
  add('schedule', t.hasSchedule ? 5 : 0)
  add('video', t.hasVideo ? 5 : 0)
  add('description', t.descriptionLength >= 300 ? 10 : t.descriptionLength >= 100 ? 5 : 0)
  add('diplomas', t.pointsFirstDiploma + t.pointsSecondDiploma)
  if (t.responseMinutes !== null) add('response_time', 15 - 3 * responseBucket(t.responseMinutes))
  if (t.responseRate !== null) add('response_rate', Math.round(Math.min(1, Math.max(0, t.responseRate)) * 10))
  add('reviews', Math.min(t.reviewCount, 20))
  if (t.reviewCount > 0) add('review_marks', Math.round((t.reviewAvg - 3) * 5))
  add('ignored_requests', -Math.min(30, 5 * t.ignoredRequests))
  return { points: parts.reduce((sum, p) => sum + p.points, 0), parts }
}

/** The tutor columns the ranking reads, as a query of `tutors` returns them (see rankOfTutor). */
export interface TutorRankRow {
  avatar_url: string | null
  has_schedule: boolean
  video_url: string | null
  /** Length of the whole description (cards select only its start). */
  description_length: number
  points_first_diploma: number
  points_second_diploma: number
  response_minutes: number | null
  response_rate: number | null
  review_count: number
  review_avg: number
  ignored_requests: number
}

/** rank() of a tutor row: the one mapping used by the listing, the cards and the tutor's rating page. */
export function rankOfTutor(t: TutorRankRow): { points: number; parts: RankPart[] } {
  return rank(rankInputOf(t))
}

/** The RankInput of a tutor row (rankOfTutor's mapping; the tutor's checklist varies it). */
export function rankInputOf(t: TutorRankRow): RankInput {
  return {
    hasAvatar: !!t.avatar_url,
    hasSchedule: t.has_schedule,
    hasVideo: !!t.video_url,
    descriptionLength: t.description_length,
    pointsFirstDiploma: t.points_first_diploma,
    pointsSecondDiploma: t.points_second_diploma,
    responseMinutes: t.response_minutes,
    responseRate: t.response_rate,
    reviewCount: t.review_count,
    reviewAvg: t.review_avg,
    ignoredRequests: t.ignored_requests,
  }
}
