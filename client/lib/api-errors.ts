// Reading the contract's error envelope off a failed call (server/trpc/errors.ts puts it in
// `error.data.envelope`). Messages stay encoded ("@errors.forbidden") until a component renders them.
import type { Envelope } from '../../common/envelope'

export type FieldErrorMap = Record<string, string[]>

export function envelopeOf(error: unknown): Envelope | null {
  if (!error || typeof error !== 'object') return null
  const data = (error as { data?: { envelope?: Envelope } | null }).data
  return data?.envelope ?? null
}

/** The 422 field map of a failed call, or null when the failure was not about fields. */
export function fieldErrorsOf(error: unknown): FieldErrorMap | null {
  const envelope = envelopeOf(error)
  return envelope?.status === 'fail' && typeof envelope.error === 'object' ? envelope.error : null
}

const KNOWN_WORDS = new Set(['forbidden', 'wrong_status', 'unauthorized', 'not_found', 'rate_limited', 'bad_request'])

/**
 * The status-banner text of an error (docs/product.md#8-error-catalogue) as parts to translate and join with ': ':
 * a readable server message when there is one; 'forbidden' and 'wrong_status' (and the other
 * contract words) by their own text; a field map as "<field>: <first message>"; anything else is
 * a server error.
 */
export function errorParts(error: unknown): string[] {
  const envelope = envelopeOf(error)
  if (envelope?.status === 'fail' && envelope.message) return [envelope.message]
  const reason: unknown = envelope ? envelope.error : error
  if (typeof reason === 'string' && KNOWN_WORDS.has(reason)) return [`@errors.${reason}`]
  if (reason && typeof reason === 'object' && !(reason instanceof Error)) {
    const first = Object.entries(reason as Record<string, unknown>)[0]
    if (first) {
      const [field, messages] = first
      const message = Array.isArray(messages) ? messages[0] : messages
      if (typeof message === 'string') return [field, message]
    }
  }
  return ['@errors.server_error']
}
