import type { GlobalConfig } from 'payload'
import { isAdmin } from '@/access'
import { validEntry } from '@/services/connection-test/resolvers'

const list = (name: 'exitIps' | 'resolvers', label: string, description: string) => ({
  name,
  label,
  type: 'textarea' as const,
  admin: { description, rows: 6 },
  validate: (value: unknown) => {
    const bad = String(value ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .find((entry) => !validEntry(entry))
    return bad === undefined || `"${bad}" is not an address or a network such as 10.8.0.0/16`
  },
})

/**
 * The connection test's settings: our VPN's exit addresses and its resolvers, so the test can tell
 * a protected visitor from a leaking one. Seeded once from VPN_EXIT_IPS and VPN_RESOLVERS.
 */
export const ConnectionTest: GlobalConfig = {
  slug: 'connection-test',
  label: 'Connection test',
  admin: { group: 'Network' },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    list('exitIps', 'VPN exit addresses', 'Addresses or networks (CIDR) our VPN servers send traffic from, one per line. A visitor seen from one of them is protected.'),
    list('resolvers', 'VPN resolvers', 'Addresses or networks (CIDR) of the DNS resolvers our VPN gives its users, one per line. Queries from them are labelled "ours".'),
  ],
}
