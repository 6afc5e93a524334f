// Twilio's X-Twilio-Signature (server/integrations/telephony/signature.ts) against Twilio's published
// example: auth token 12345, https://mycompany.com/myapp.php?foo=1&bar=2 and the five POST parameters.
// The docs page (docs/usage/security) has used two versions of the example; both are checked.
import { describe, expect, test } from 'bun:test'
import { twilioSignature, validTwilioSignature } from '../../server/integrations/telephony/signature'

const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2'
const params = (caller: string) => ({
  CallSid: 'CA1234567890ABCDE',
  Caller: caller,
  Digits: '1234',
  From: caller,
  To: '+18005551212',
})

describe('twilio signature', () => {
  test("Twilio's documented examples", () => {
    expect(twilioSignature('12345', URL_, params('+14158675309'))).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=')
    expect(twilioSignature('12345', URL_, params('+12349013030'))).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
  })

  test('parameters are sorted by name: the order they arrive in does not matter', () => {
    const shuffled = new URLSearchParams([
      ['To', '+18005551212'],
      ['From', '+14158675309'],
      ['Digits', '1234'],
      ['Caller', '+14158675309'],
      ['CallSid', 'CA1234567890ABCDE'],
    ])
    expect(validTwilioSignature('12345', URL_, shuffled, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true)
  })

  test('a changed parameter, URL or token, or a missing signature, is refused', () => {
    const ok = new URLSearchParams(params('+14158675309'))
    const sig = 'RSOYDt4T1cUTdK1PDd93/VVr8B8='
    expect(
      validTwilioSignature('12345', URL_, new URLSearchParams({ ...params('+14158675309'), Digits: '9999' }), sig),
    ).toBe(false)
    expect(validTwilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=3', ok, sig)).toBe(false)
    expect(validTwilioSignature('54321', URL_, ok, sig)).toBe(false)
    expect(validTwilioSignature('12345', URL_, ok, null)).toBe(false)
    expect(validTwilioSignature('12345', URL_, ok, 'short')).toBe(false)
  })
})
