// GET /admin/resources/tutor_rules: the rules the tutor screens follow, read from the constants the
// server enforces, so the panel never keeps a copy of its own.
import { TOGGLE_NAMES, TUTOR_SORTS } from '../../../common/schemas/admin/tutors.schema'
import { AVATAR_MAX_SIDE, PREVIEW_SIZE } from '../tutors/avatar'
import { MAX_DOCUMENTS_PER_SAVE, MAX_DOCUMENTS_PER_TUTOR, MAX_FILE_BYTES, MAX_IMAGE_PIXELS } from '../tutors/files'
import { TutorStatus } from './tutor-admin'

/** The most each source of rating points gives (catalogue/ranking.ts rank()). */
const RANKING_MAX = [
  { reason: 'photo', max: 10 },
  { reason: 'schedule', max: 5 },
  { reason: 'video', max: 5 },
  { reason: 'description', max: 10 },
  { reason: 'response_time', max: 15 },
  { reason: 'response_rate', max: 10 },
  { reason: 'reviews', max: 20 },
  { reason: 'review_marks', max: 10 },
  { reason: 'ignored_requests', max: -30 },
]

export function tutorRules() {
  return {
    statuses: { new: TutorStatus.New, published: TutorStatus.Published, school: TutorStatus.School },
    toggles: [...TOGGLE_NAMES],
    sorts: [...TUTOR_SORTS],
    avatar: {
      types: ['jpg', 'png', 'webp'],
      max_bytes: MAX_FILE_BYTES,
      max_pixels: MAX_IMAGE_PIXELS,
      max_side: AVATAR_MAX_SIDE,
      preview_size: PREVIEW_SIZE,
    },
    documents: { max_bytes: MAX_FILE_BYTES, per_save: MAX_DOCUMENTS_PER_SAVE, per_tutor: MAX_DOCUMENTS_PER_TUTOR },
    ranking: RANKING_MAX,
  }
}
