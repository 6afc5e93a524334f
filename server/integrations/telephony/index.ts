// The telephony provider of this server: Twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN,
// TWILIO_VOICE_FROM and TWILIO_VOICE_OPERATOR; otherwise the local one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Env } from '../../env'
import { LocalTelephony } from './local'
import type { TelephonyProvider } from './provider'
import { TwilioVoice } from './twilio'

/** TELEPHONY_LOCAL_TOKEN, else a random token made once and kept in DATA_DIR. */
export function localTelephonyToken(env: Pick<Env, 'TELEPHONY_LOCAL_TOKEN' | 'DATA_DIR'>): string {
  if (env.TELEPHONY_LOCAL_TOKEN) return env.TELEPHONY_LOCAL_TOKEN
  const dir = resolve(env.DATA_DIR)
  const file = join(dir, 'telephony-local-token')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true })
  const token = randomBytes(24).toString('hex')
  writeFileSync(file, token, { mode: 0o600 })
  return token
}

export function telephonyFromEnv(env: Env): TelephonyProvider {
  const {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_VOICE_FROM: from,
    TWILIO_VOICE_OPERATOR: operator,
  } = env
  if (accountSid && authToken && from && operator)
    return new TwilioVoice({ accountSid, authToken, from, operator, apiUrl: env.TWILIO_API_URL })
  return new LocalTelephony(localTelephonyToken(env))
}
