// The connection test's servers and where the page finds them, from the environment (one place
// for the DNS/STUN process and the web app).

/**
 * A single-stack origin of the connection test (`CONNECTION_TEST_IPV4_ORIGIN`, `…_IPV6_ORIGIN`):
 * null when unset; an http(s) origin with a host name, else an error saying why (a page's
 * Content-Security-Policy cannot name an IPv6 address and matches no IPv4 address but 127.0.0.1).
 */
export function singleStackOrigin(name, value) {
  if (!value) return null
  let url
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an origin such as https://ipv4.example.com, not "${value}"`)
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${name} must be an origin such as https://ipv4.example.com (scheme, host name, optional port, nothing else), not "${value}"`)
  }
  if (url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname)) {
    throw new Error(`${name} must name a host (such as https://ipv4.example.com), not the address ${url.hostname}: a page's Content-Security-Policy cannot allow an IP address`)
  }
  return url.origin
}

/**
 * `env` (process.env by default) read with the documented defaults.
 * @param {Record<string, string | undefined>} [env]
 */
export function connectionSettings(env = process.env) {
  const site = (() => {
    try {
      return new URL(env.SITE_URL || 'http://localhost:3000')
    } catch {
      return new URL('http://localhost:3000')
    }
  })()
  const stunPort = Number(env.STUN_PORT || 3478)
  const host = site.hostname
  return {
    /** Origins answering on one address family only (A-only, AAAA-only host names); null when unset. */
    ipv4Origin: singleStackOrigin('CONNECTION_TEST_IPV4_ORIGIN', env.CONNECTION_TEST_IPV4_ORIGIN),
    ipv6Origin: singleStackOrigin('CONNECTION_TEST_IPV6_ORIGIN', env.CONNECTION_TEST_IPV6_ORIGIN),
    zone: (env.CONNECTION_TEST_ZONE || 'leak.test').toLowerCase().replace(/\.+$/, ''),
    dnsHost: env.DNS_HOST || '::',
    dnsPort: Number(env.DNS_PORT || 5353),
    answerA: env.DNS_ANSWER_A || '127.0.0.1',
    answerAAAA: env.DNS_ANSWER_AAAA || '::1',
    stunHost: env.STUN_HOST || env.DNS_HOST || '::',
    stunPort,
    /** The STUN servers the page asks: our own, never a third party's. */
    stunUrls: (env.STUN_URLS || `stun:${host}:${stunPort}`)
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  }
}
