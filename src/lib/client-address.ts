import { isIP } from 'node:net'
import { FORWARDED_HEADER, PEER_HEADER } from '../../scripts/lib/secure-response.mjs'
import { env } from '@/lib/env'

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

/** An address as proxies write it (`[2001:db8::1]:443`, `1.2.3.4:5678`, `::ffff:1.2.3.4`), or '' when it is none. */
function normalise(address: string): string {
  let value = address.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed?.[1]) value = bracketed[1]
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.replace(/:\d+$/, '')
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7)
  return isIP(value) ? value.toLowerCase() : ''
}

/**
 * The visitor's address. Our server (scripts/server.mjs) records the TCP peer in X-Veilgate-Peer
 * and the X-Forwarded-For the request arrived with. With TRUSTED_PROXY_HOPS = 0 the client is the
 * peer, whatever X-Forwarded-For says; with N it is the Nth entry from the right of
 * X-Forwarded-For (what our N proxies wrote). Malformed or missing entries fall back to the peer.
 */
export function clientAddress(headers: Headers, hops: number = env().TRUSTED_PROXY_HOPS): string {
  const peer = normalise(headers.get(PEER_HEADER) ?? '')
  const forwarded = headers.has(FORWARDED_HEADER) ? list(headers.get(FORWARDED_HEADER)) : list(headers.get('x-forwarded-for'))
  if (hops <= 0) return peer || (headers.has(PEER_HEADER) ? 'unknown' : normalise(forwarded.at(-1) ?? '') || 'unknown')
  const candidate = forwarded.length >= hops ? normalise(forwarded[forwarded.length - hops] ?? '') : ''
  return candidate || peer || 'unknown'
}

/**
 * The key a rate limit counts against: the address for IPv4, the /64 network for IPv6 (one
 * subscriber usually holds a whole /64).
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`
}
