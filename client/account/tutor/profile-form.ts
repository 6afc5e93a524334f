// The profile editor's form values, and the conversions between them and the API's profile.
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/routers/app'

/** The profile as GET /tutor/profile/get (and the save) answer it. */
export type TutorProfile = inferRouterOutputs<AppRouter>['tutor']['profile']['get']

export interface PlaceValue {
  city: number
  districts: number[]
  subdistricts: number[]
}

export interface SubjectValue {
  subject_id: number
  description: string
  selectedLevels: number[]
}

/** The week as the schedule grid keeps it: day → parts of the day free. */
export type Schedule = Record<string, string[]>
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export const PARTS = ['morning', 'day', 'evening'] as const

export interface ProfileValues {
  name: string
  age: string
  description: string
  subjects: SubjectValue[]
  work_home: boolean
  work_travel: boolean
  work_online: boolean
  locations_home: PlaceValue[]
  locations_travel: PlaceValue[]
  online_communication_app: string
  university_name: string
  university_graduation_year: string
  schedule: Schedule
  tutor_points_for_order: string
  /** Stored documents to keep, with their descriptions (a removed one is left out). */
  documents: { id: number; description: string }[]
}

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))

/** A stored schedule in the grid's shape (anything else starts empty). */
function scheduleOf(v: unknown): Schedule {
  const out: Schedule = {}
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out
  for (const day of DAYS) {
    const parts = (v as Record<string, unknown>)[day]
    if (Array.isArray(parts))
      out[day] = parts.filter((p): p is string => typeof p === 'string' && (PARTS as readonly string[]).includes(p))
  }
  return out
}

export function valuesOf(p: TutorProfile): ProfileValues {
  return {
    name: p.name,
    age: text(p.age),
    description: p.description,
    subjects: p.subjects.map((s) => ({
      subject_id: s.subject_id,
      description: s.description,
      selectedLevels: s.selectedLevels,
    })),
    work_home: p.work_home,
    work_travel: p.work_travel,
    work_online: p.work_online,
    locations_home: p.locations_home,
    locations_travel: p.locations_travel,
    online_communication_app: p.online_communication_app ?? '',
    university_name: p.university_name,
    university_graduation_year: text(p.university_graduation_year),
    schedule: scheduleOf(p.schedule),
    tutor_points_for_order: text(p.tutor_points_for_order),
    documents: p.documents.map((d) => ({ id: d.id, description: d.description })),
  }
}

/** A document chosen in the browser, sent with the next save. */
export interface NewDocument {
  key: string
  file: File
  description: string
  /** An object URL for images (a thumbnail); PDFs show an icon. */
  preview: string | null
}
