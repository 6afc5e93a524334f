// The local telephony provider (development, tests, and any server without TWILIO_* voice settings):
// outgoing calls are recorded and never dialled; incoming calls are simulated by posting a webhook to
// /api/telephony/local/voice signed exactly like Twilio's (X-Twilio-Signature) with the local token
// (TELEPHONY_LOCAL_TOKEN, else a random one kept in DATA_DIR/telephony-local-token).
import { randomBytes } from 'node:crypto'
import type { StartCall, StartedCall, TelephonyProvider } from './provider'
import { validTwilioSignature } from './signature'

export class LocalTelephony implements TelephonyProvider {
  readonly id = 'local' as const
  /** The outgoing calls this process placed (newest last), for a developer's eyes. */
  readonly placed: StartCall[] = []
  constructor(private readonly token: string) {}

  verify(url: string, params: URLSearchParams, signature: string | null) {
    return validTwilioSignature(this.token, url, params, signature)
  }

  answerIncoming() {
    return '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Local telephony: the call is recorded.</Say></Response>'
  }

  async startCall(call: StartCall): Promise<StartedCall> {
    this.placed.push(call)
    if (this.placed.length > 100) this.placed.shift()
    return { providerCallId: `LC${randomBytes(16).toString('hex')}`, status: 'queued' }
  }
}
