// The visitor's cookie choice (docs/product.md#3-entities-and-their-fields: confirmed_at and accept, kept
// in localStorage), read by the banner (client/components/CookieConsent.tsx) and by what may load only
// after consent (client/lib/live-chat.ts), which the banner tells through CONSENT_EVENT.
export const CONSENT_STORAGE_KEY = 'cookie_consent'
/** Dispatched on window with `{accept}` when the visitor chooses. */
export const CONSENT_EVENT = 'cookie-consent'

export interface StoredConsent {
  confirmed_at: number
  accept: boolean
}

export function storedConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<StoredConsent> | null
    return value && typeof value.confirmed_at === 'number' && typeof value.accept === 'boolean'
      ? (value as StoredConsent)
      : null
  } catch {
    return null
  }
}

export function saveConsent(accept: boolean) {
  try {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ confirmed_at: Date.now(), accept } satisfies StoredConsent),
    )
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { accept } }))
}
