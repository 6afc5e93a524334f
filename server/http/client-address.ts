// The client's address for throttling, sessions and audit: the socket's peer, unless the peer is one of
// TRUSTED_PROXIES; then the right-most X-Forwarded-For entry that is not itself a trusted proxy (the
// entries left of it were written by whoever sent the request, so they are not believed).
import { BlockList, isIP } from 'node:net'

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`; null when the entry is neither an address nor a CIDR. */
export function parseProxyEntry(
  entry: string,
): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.trim().split('/')
  const version = isIP(address)
  if (!version || rest.length) return null
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (prefixText === undefined) return { address, prefix: null, family }
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > (version === 4 ? 32 : 128)) return null
  return { address, prefix: Number(prefixText), family }
}

export type TrustedProxies = (address: string) => boolean

/** A matcher over the entries (already checked by env.ts); no entries trust nobody. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (!entries.length) return () => false
  const list = new BlockList()
  for (const e of entries) {
    const p = parseProxyEntry(e)
    if (!p) throw new Error(`TRUSTED_PROXIES: not an address or CIDR: ${e}`)
    if (p.prefix === null) list.addAddress(p.address, p.family)
    else list.addSubnet(p.address, p.prefix, p.family)
  }
  return (address) => {
    const version = isIP(address)
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6')
  }
}

/** IPv4 peers of a dual-stack socket arrive as `::ffff:a.b.c.d`; keys and logs use the plain form. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address)

export function clientAddress(peer: string | undefined, forwardedFor: string | null, trusted: TrustedProxies): string {
  if (!peer) return 'unknown'
  if (!trusted(peer) || !forwardedFor) return plain(peer)
  const hops = forwardedFor.split(',').map((h) => h.trim())
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    // A garbled entry ends the chain we can believe: the last trusted proxy's view is the peer.
    if (!isIP(hop)) return plain(i === hops.length - 1 ? peer : hops[i + 1]!)
    if (!trusted(hop)) return plain(hop)
  }
  // Every hop is a trusted proxy: the left-most one is as far as the chain goes.
  return plain(hops[0]!)
}
