// Telephony goes through this interface (docs/api.md#admin-telephony "Telephony"; docs/decisions.md
// services"). One real module, Twilio Programmable Voice (twilio.ts), and a local one (local.ts) used
// when the TWILIO_* voice settings are not set. Both speak Twilio's webhook shape: a form-encoded POST
// signed in X-Twilio-Signature (HMAC-SHA1 over the URL and the sorted parameters, signature.ts), so the
// same code path receives a real call and a simulated one.

export type TelephonyProviderId = 'twilio' | 'local'
export const TELEPHONY_PROVIDER_IDS = ['twilio', 'local'] as const

/** What one webhook (an incoming call, or a status callback) says about a call. */
export interface CallEvent {
  providerCallId: string
  from: string
  to: string
  /** Twilio's CallStatus: queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
  status: string
  /** Seconds, once the call is over. */
  duration: number | null
  recordingUrl: string | null
  /** 'inbound', or 'outbound-api' / 'outbound-dial' for calls we started. */
  direction: string
}

export interface StartCall {
  /** E.164 number to call. */
  to: string
  /** Where the provider reports the call's progress (our /api/telephony/{provider}/status). */
  statusCallbackUrl: string
}

export interface StartedCall {
  providerCallId: string
  status: string
}

export interface TelephonyProvider {
  readonly id: TelephonyProviderId
  /** Whether `signature` (X-Twilio-Signature) signs `url` (as the provider requested it) and `params`. */
  verify(url: string, params: URLSearchParams, signature: string | null): boolean
  /** Places an outgoing call; throws when the provider refuses it. */
  startCall(call: StartCall): Promise<StartedCall>
  /** The TwiML answer to an incoming call. */
  answerIncoming(): string
}

/** A webhook's parameters as a call event; null when they do not describe a call (no CallSid). */
export function callEventOf(params: URLSearchParams): CallEvent | null {
  const sid = params.get('CallSid')?.trim()
  if (!sid || sid.length > 64) return null
  const duration = Number(params.get('CallDuration') ?? params.get('RecordingDuration') ?? '')
  const recording = params.get('RecordingUrl')
  return {
    providerCallId: sid,
    from: (params.get('From') ?? params.get('Caller') ?? '').slice(0, 64),
    to: (params.get('To') ?? params.get('Called') ?? '').slice(0, 64),
    status: (params.get('CallStatus') ?? 'ringing').slice(0, 32),
    duration:
      params.has('CallDuration') && Number.isInteger(duration) && duration >= 0 && duration < 2 ** 31 ? duration : null,
    recordingUrl: recording && /^https:\/\//.test(recording) ? recording.slice(0, 1000) : null,
    direction: params.get('Direction') ?? 'inbound',
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
export const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
