import { describe, expect, test } from 'bun:test'
import { rank, responseBucket } from '../../server/domain/catalogue/ranking'

describe('response-time buckets (docs/product.md#9-business-constants-and-limits)', () => {
  test('over 5 up to 10 → 1, up to 15 → 2, up to 30 → 3, up to 60 → 4, above 60 → 5', () => {
    expect([0, 5, 6, 10, 11, 15, 16, 30, 31, 60, 61, 600].map(responseBucket)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ])
  })
})

describe('ranking points', () => {
  const base = {
    hasAvatar: false,
    hasSchedule: false,
    hasVideo: false,
    descriptionLength: 0,
    pointsFirstDiploma: 0,
    pointsSecondDiploma: 0,
    responseMinutes: null,
    responseRate: null,
    reviewCount: 0,
    reviewAvg: 0,
    ignoredRequests: 0,
  }
  test('an empty profile has no points and no reasons', () => {
    expect(rank(base)).toEqual({ points: 0, parts: [] })
  })
  test('each part as documented, and the total is their sum', () => {
    const r = rank({
      ...base,
      hasAvatar: true,
      hasSchedule: true,
      hasVideo: true,
      descriptionLength: 300,
      pointsFirstDiploma: 3,
      pointsSecondDiploma: 2,
      responseMinutes: 12,
      responseRate: 0.8,
      reviewCount: 25,
      reviewAvg: 4.6,
      ignoredRequests: 1,
    })
    expect(r.parts).toEqual([
      { reason: 'photo', points: 10 },
      { reason: 'schedule', points: 5 },
      { reason: 'video', points: 5 },
      { reason: 'description', points: 10 },
      { reason: 'diplomas', points: 5 },
      { reason: 'response_time', points: 9 },
      { reason: 'response_rate', points: 8 },
      { reason: 'reviews', points: 20 },
      { reason: 'review_marks', points: 8 },
      { reason: 'ignored_requests', points: -5 },
    ])
    expect(r.points).toBe(75)
  })
  test('penalties are capped and poor marks count against', () => {
    expect(rank({ ...base, ignoredRequests: 50 }).points).toBe(-30)
    expect(rank({ ...base, reviewCount: 2, reviewAvg: 1 }).parts).toEqual([
      { reason: 'reviews', points: 2 },
      { reason: 'review_marks', points: -10 },
    ])
  })
})
