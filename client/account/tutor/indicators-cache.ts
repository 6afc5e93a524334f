// The tutor indicators' localStorage cache on its own, without React or tRPC: the header's user menu
// (client/shell/UserMenu.tsx) reads it to show /verified-tutor without a request of its own or the
// cabinet's code in the public bundle. indicators.ts fills it.
export const INDICATORS_TTL_MS = 24 * 60 * 60 * 1000
const KEY = 'tutor_indicators'

export interface Indicators {
  is_allow_verification: boolean
  missing: string[]
  lastUpdate: string
  /** Whose indicators these are: another tutor signing in on the same browser asks again. */
  tutorId: number
}

/** The cached indicators of this tutor if fresher than 24 h, else null. */
export function readIndicators(tutorId: number): Indicators | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Indicators | null
    if (!v || v.tutorId !== tutorId) return null
    const age = Date.now() - Date.parse(v.lastUpdate)
    return age >= 0 && age < INDICATORS_TTL_MS ? v : null
  } catch {
    return null
  }
}

export function writeIndicators(v: Indicators) {
  try {
    localStorage.setItem(KEY, JSON.stringify(v))
  } catch {
    /* storage full or blocked: the next page asks the server again */
  }
}
