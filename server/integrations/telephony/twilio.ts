// Twilio Programmable Voice. Outgoing: POST {api}/2010-04-01/Accounts/{AccountSid}/Calls.json (form,
// HTTP basic auth AccountSid:AuthToken) with To, From (TWILIO_VOICE_FROM) and inline Twiml that puts
// the answered call through to the staff's line (TWILIO_VOICE_OPERATOR); progress comes back to
// StatusCallback. Incoming: the number's Voice webhook is {PUBLIC_URL}/api/telephony/twilio/voice and
// its status callback {PUBLIC_URL}/api/telephony/twilio/status, both signed with the auth token.
import { type StartCall, type StartedCall, type TelephonyProvider, xml } from './provider'
import { validTwilioSignature } from './signature'

export interface TwilioVoiceConfig {
  accountSid: string
  authToken: string
  /** Our Twilio number: the caller id of outgoing calls. */
  from: string
  /** The staff's line (a phone number or sip: address) calls are put through to. */
  operator: string
  /** https://api.twilio.com, or a local fake in tests. */
  apiUrl?: string
}

export class TwilioVoice implements TelephonyProvider {
  readonly id = 'twilio' as const
  constructor(private readonly cfg: TwilioVoiceConfig) {}

  verify(url: string, params: URLSearchParams, signature: string | null) {
    return validTwilioSignature(this.cfg.authToken, url, params, signature)
  }

  private dial() {
    const target = this.cfg.operator.startsWith('sip:')
      ? `<Sip>${xml(this.cfg.operator)}</Sip>`
      : `<Number>${xml(this.cfg.operator)}</Number>`
    return `<Dial callerId="${xml(this.cfg.from)}">${target}</Dial>`
  }

  answerIncoming() {
    return `<?xml version="1.0" encoding="UTF-8"?><Response>${this.dial()}</Response>`
  }

  async startCall(call: StartCall): Promise<StartedCall> {
    const base = (this.cfg.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '')
    const body = new URLSearchParams({
      To: call.to,
      From: this.cfg.from,
      Twiml: `<Response>${this.dial()}</Response>`,
      StatusCallback: call.statusCallbackUrl,
      StatusCallbackMethod: 'POST',
    })
    for (const e of ['initiated', 'ringing', 'answered', 'completed']) body.append('StatusCallbackEvent', e)
    const res = await fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(this.cfg.accountSid)}/Calls.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${this.cfg.accountSid}:${this.cfg.authToken}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
      signal: AbortSignal.timeout(15_000),
    })
    const json = (await res.json().catch(() => null)) as { sid?: unknown; status?: unknown; message?: unknown } | null
    if (!res.ok || typeof json?.sid !== 'string')
      throw new Error(`twilio calls: HTTP ${res.status}${typeof json?.message === 'string' ? ` ${json.message}` : ''}`)
    return { providerCallId: json.sid, status: typeof json.status === 'string' ? json.status : 'queued' }
  }
}
