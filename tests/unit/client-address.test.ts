// The client address behind TRUSTED_PROXIES (server/http/client-address.ts) and the env check of the list.
import { expect, test } from 'bun:test'
import { clientAddress, parseProxyEntry, trustedProxies } from '../../server/http/client-address'

test('entries are addresses or CIDRs', () => {
  for (const ok of ['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0'])
    expect(parseProxyEntry(ok)).not.toBeNull()
  for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1', '', 'fd00::/129', '10.0.0.0/x'])
    expect(parseProxyEntry(bad)).toBeNull()
})

test('the peer unless it is trusted; then the right-most untrusted X-Forwarded-For entry', () => {
  const none = trustedProxies([])
  expect(clientAddress('203.0.113.1', '198.51.100.1', none)).toBe('203.0.113.1')
  const trusted = trustedProxies(['10.0.0.0/8', '::1'])
  expect(clientAddress('10.1.1.1', null, trusted)).toBe('10.1.1.1')
  expect(clientAddress('10.1.1.1', '198.51.100.1', trusted)).toBe('198.51.100.1')
  expect(clientAddress('::1', '6.6.6.6, 198.51.100.1, 10.2.2.2', trusted)).toBe('198.51.100.1')
  expect(clientAddress('::ffff:10.1.1.1', '198.51.100.1', trusted)).toBe('198.51.100.1')
  expect(clientAddress('::ffff:203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9')
  expect(clientAddress(undefined, '198.51.100.1', trusted)).toBe('unknown')
})
