// Preloaded (`node --import`) into one-off `payload run` scripts. Payload's bin starts the script
// without awaiting it at the top level (`void start()`), and while the script's modules are still
// loading through tsx's off-thread hooks nothing else may hold the event loop: Node then exits
// with code 0 before the script has run, a race seen on a loaded machine. This timer holds the
// process until the script ends it with `process.exit`, which every such script does.
setInterval(() => {}, 60_000)
