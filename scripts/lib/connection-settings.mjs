// The connection test's servers and where the page finds them, from the environment (one place
// for the DNS/STUN process and the web app).

/** `env` (process.env by default) read with the documented defaults. */
export function connectionSettings(env = process.env) {
  const site = (() => {
    try {
      return new URL(env.SITE_URL || 'http://localhost:3000')
    } catch {
      return new URL('http://localhost:3000')
    }
  })()
  const stunPort = Number(env.STUN_PORT || 3478)
  const host = site.hostname.startsWith('[') ? site.hostname : site.hostname
  return {
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
