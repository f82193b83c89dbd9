// The process listening on a local TCP or UDP port and its resident memory, from /proc (Linux):
// what the benchmarks report of the servers they load. Null where it cannot be read (another user's
// process, another OS, a remote site).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

/** The socket inodes listening on `port` (IPv4 and IPv6): TCP in LISTEN, or UDP bound (state 07). */
function listeningInodes(port, protocol) {
  const inodes = new Set()
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const state = protocol === 'udp' ? '07' : '0A'
  for (const table of [`/proc/net/${protocol}`, `/proc/net/${protocol}6`]) {
    let text = ''
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local address `ADDR:PORT`, state in column 4, inode in column 10.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === state && fields[9]) inodes.add(fields[9])
    }
  }
  return inodes
}

/** The pid of the process listening on `port` (`protocol` 'tcp' or 'udp') on this machine, or null. */
export function listeningPid(port, protocol = 'tcp') {
  const inodes = listeningInodes(port, protocol)
  if (!inodes.size) return null
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let fds = []
    try {
      fds = readdirSync(`/proc/${entry}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`)
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
        if (inode && inodes.has(inode)) return Number(entry)
      } catch {
        // gone meanwhile
      }
    }
  }
  return null
}

/** A process's resident memory in MiB (VmRSS), or null. */
export function residentMiB(pid) {
  if (!pid) return null
  try {
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : null
  } catch {
    return null
  }
}

/** The resident memory of whatever listens on the URL's port, when that is this machine. */
export function serverMemory(url) {
  const { hostname, port, protocol } = new URL(url)
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname)) return { pid: null, mib: null }
  const pid = listeningPid(Number(port || (protocol === 'https:' ? 443 : 80)))
  return { pid, mib: residentMiB(pid) }
}
