// A STUN server for end-to-end tests: the production responder, telling each browser the address
// the test chooses (`report('203.0.113.7')`, as a leaking network would show) or, after
// `report(null)`, the browser's own address echoed.
import { createStunServer } from '../../scripts/lib/stun-server.mjs'

/** Starts on 127.0.0.1:`port` (0: any free port); resolves with its port, `report()` and `stop()`. */
export async function startTestStun(port = 0) {
  let shown = null
  const server = createStunServer({ host: '127.0.0.1', port, report: () => shown })
  const started = await server.start()
  return {
    port: started.port,
    report(address) {
      shown = address
    },
    stop: () => server.stop(),
  }
}
