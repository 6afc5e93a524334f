// Twilio's request signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security): the full
// URL Twilio requested, then every POST parameter sorted by name as name + value with no separators
// (a repeated name keeps its values in the order sent), HMAC-SHA1 with the auth token, base64.
import { createHmac, timingSafeEqual } from 'node:crypto'

export function twilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams | Record<string, string>,
): string {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params)
  // Stable sort by name only: values of one name stay in their order.
  const data = entries
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j))
    .map(([[k, v]]) => k + v)
    .join('')
  return createHmac('sha1', authToken)
    .update(url + data, 'utf8')
    .digest('base64')
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | null,
): boolean {
  if (!signature || !authToken) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const got = Buffer.from(signature)
  return got.length === expected.length && timingSafeEqual(got, expected)
}
