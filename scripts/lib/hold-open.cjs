// Preloaded (`node --require ./scripts/lib/hold-open.cjs node_modules/payload/bin.js run <script>`)
// for the scripts `payload run` starts: they all end with `process.exit(code)`.
//
// Why: Payload's bin starts with `void start()` and loads the script through tsx's hooks, which on
// Node 20 run on their own thread. While the main thread waits for them nothing keeps its event loop
// alive, and now and then (on a loaded machine) Node ended with code 0 before the script had run a
// line. A timer held here keeps the process until the script exits; one that never does is ended,
// loudly, after HOLD_OPEN_MINUTES (30 by default).
const minutes = Number(process.env.HOLD_OPEN_MINUTES) || 30
setTimeout(() => {
  console.error(`[hold-open] the script did not exit within ${minutes} minutes; ending it`)
  process.exit(1)
}, minutes * 60_000)
