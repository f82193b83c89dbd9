// Addresses as the geo-IP lookups take them: normalised, with their family, and whether they are
// local (never on the public internet, so never in a country).
import { BlockList, isIP } from 'node:net'
import { ipv6Halves } from '../../../scripts/lib/asn-index.mjs'

/**
 * An address in its canonical text: trimmed, brackets and zone index removed, lower-case, and
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, `::ffff:102:304`) as the IPv4 address it carries. Null
 * when the text is not an address.
 */
export function normaliseAddress(input: string): string | null {
  let value = input.trim()
  const bracketed = /^\[([^\]]+)\]$/.exec(value)
  if (bracketed?.[1]) value = bracketed[1]
  if (isIP(value) === 4) return value.split('.').map(Number).join('.')
  if (isIP(value) !== 6) return null
  value = value.toLowerCase().replace(/%.*$/, '')
  // ::ffff:0:0/96 carries an IPv4 address in its last 32 bits.
  const [high, low] = ipv6Halves(value) ?? []
  if (high === 0n && low !== undefined && low >> 32n === 0xffffn) {
    const v4 = Number(low & 0xffffffffn)
    return [v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255].join('.')
  }
  return value
}

/** Networks that are not on the public internet: no country, no network owner. */
const local = new BlockList()
local.addSubnet('0.0.0.0', 8, 'ipv4') // this network, unspecified
local.addSubnet('10.0.0.0', 8, 'ipv4') // private
local.addSubnet('100.64.0.0', 10, 'ipv4') // carrier-grade NAT
local.addSubnet('127.0.0.0', 8, 'ipv4') // loopback
local.addSubnet('169.254.0.0', 16, 'ipv4') // link-local
local.addSubnet('172.16.0.0', 12, 'ipv4') // private
local.addSubnet('192.168.0.0', 16, 'ipv4') // private
local.addAddress('255.255.255.255', 'ipv4') // broadcast
local.addAddress('::', 'ipv6') // unspecified
local.addAddress('::1', 'ipv6') // loopback
local.addSubnet('fe80::', 10, 'ipv6') // link-local
local.addSubnet('fc00::', 7, 'ipv6') // unique local

/** True for loopback, private, link-local, CGNAT, ULA and unspecified addresses (normalised first). */
export function isLocalAddress(address: string): boolean {
  const value = normaliseAddress(address)
  if (!value) return false
  return local.check(value, isIP(value) === 4 ? 'ipv4' : 'ipv6')
}

/** 4 or 6 for an address, 0 for anything else. */
export const addressVersion = (address: string): 0 | 4 | 6 => isIP(address) as 0 | 4 | 6
