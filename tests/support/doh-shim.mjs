// A DNS-over-HTTPS endpoint for end-to-end tests only: Chromium, pointed at it through its profile's
// `Local State`, sends every lookup here (RFC 8484 GET `/dns-query?dns=`, or POST), and the shim
// forwards the wire-format query over UDP to the site's own name server *from a chosen loopback
// address*, as a resolver on another host would. So the production name server, not a test
// double, sees the lookups, and the test decides which resolver it appears to be (127.0.0.2 ours,
// 127.0.0.3 the visitor's provider). Names outside the test zone get SERVFAIL from the name
// server's REFUSED: nothing leaves the machine.
import { execFileSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import dgram from 'node:dgram'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'

/** A throwaway self-signed certificate for 127.0.0.1, and the base64 SHA-256 of its public key (what `--ignore-certificate-errors-spki-list` takes). */
export function throwawayCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'veilgate-doh-'))
  try {
    const key = path.join(dir, 'key.pem')
    const cert = path.join(dir, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
    const pem = readFileSync(cert, 'utf8')
    const spki = createHash('sha256')
      .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64')
    return { key: readFileSync(key, 'utf8'), cert: pem, spki }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** One query to `dnsPort` on 127.0.0.1, sent from `from`; the answer's bytes, or null after 2 s. */
function forward(query, from, dnsPort) {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4')
    const timer = setTimeout(() => {
      socket.close()
      resolve(null)
    }, 2000)
    socket.on('message', (answer) => {
      clearTimeout(timer)
      socket.close()
      resolve(answer)
    })
    socket.on('error', () => {
      clearTimeout(timer)
      socket.close()
      resolve(null)
    })
    socket.bind(0, from, () => socket.send(query, dnsPort, '127.0.0.1'))
  })
}

/**
 * Starts the shim on https://127.0.0.1:<free port>/dns-query (`template` for Chromium's prefs);
 * `from(address)` changes the source address of later queries.
 */
export async function startDohShim({ dnsPort, from = '127.0.0.2' }) {
  const { key, cert, spki } = throwawayCertificate()
  let source = from
  const server = https.createServer({ key, cert }, async (request, response) => {
    const url = new URL(request.url ?? '/', 'https://127.0.0.1')
    if (url.pathname !== '/dns-query') return response.writeHead(404).end()
    let query
    if (request.method === 'GET') query = Buffer.from(url.searchParams.get('dns') ?? '', 'base64url')
    else {
      const parts = []
      for await (const part of request) parts.push(part)
      query = Buffer.concat(parts)
    }
    if (query.length < 12) return response.writeHead(400).end()
    const answer = await forward(query, source, dnsPort)
    if (!answer) return response.writeHead(502).end()
    response.writeHead(200, { 'content-type': 'application/dns-message', 'cache-control': 'no-store' }).end(answer)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    template: `https://127.0.0.1:${port}/dns-query{?dns}`,
    spki,
    from(address) {
      source = address
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
