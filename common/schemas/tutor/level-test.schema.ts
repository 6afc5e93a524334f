// zod only: the tutor cabinet's level test entry ("Tutors may take it for their profile
// badge"): the tutor's current English level badge, as the public profile shows it, and where to take the test.
import { z } from 'zod'
import { LEVEL_BANDS } from '../../level-test'

/** GET /tutor/examination_test/badge */
export const ZTutorLevelBadgeQuery = z.object({}).optional()
export const ZTutorLevelBadge = z.strictObject({
  /** The band of the last passed attempt (null: not taken yet, or never passed). */
  band: z.enum(LEVEL_BANDS).nullable(),
  /** When that band was earned (ISO 8601; null with no band). */
  passed_at: z.string().nullable(),
  /** The test's page. */
  start_path: z.string(),
})
export type TutorLevelBadge = z.infer<typeof ZTutorLevelBadge>
