// Adds the page's own scripts once its first contentful paint is recorded (the server moved them
// here from the HTML: scripts/lib/after-paint.mjs). `data-scripts` and `data-preloads` list
// `url` or `url|integrity`, space-separated.
;(function () {
  var loader = document.currentScript
  if (!loader) return
  var started = false

  function each(list, add) {
    ;(list || '').split(' ').forEach(function (item) {
      if (!item) return
      var bar = item.indexOf('|')
      add(bar === -1 ? item : item.slice(0, bar), bar === -1 ? '' : item.slice(bar + 1))
    })
  }

  function start() {
    if (started) return
    started = true
    each(loader.getAttribute('data-scripts'), function (src, integrity) {
      var script = document.createElement('script')
      script.src = src
      script.async = true
      if (integrity) script.integrity = integrity
      document.head.appendChild(script)
    })
    each(loader.getAttribute('data-preloads'), function (href, integrity) {
      var link = document.createElement('link')
      link.rel = 'preload'
      link.as = 'script'
      link.href = href
      if (integrity) link.integrity = integrity
      document.head.appendChild(link)
    })
  }

  // A page that is not being shown (a background tab, a prerender) paints nothing yet: load now.
  if (document.visibilityState === 'hidden' || document.prerendering) return start()
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []
  if (types.indexOf('paint') === -1) {
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
    return
  }
  new PerformanceObserver(function (entries, observer) {
    if (
      entries.getEntries().some(function (paint) {
        return paint.name === 'first-contentful-paint'
      })
    ) {
      observer.disconnect()
      setTimeout(start, 0)
    }
  }).observe({ type: 'paint', buffered: true })
  // A page with nothing contentful to paint still gets its scripts.
  setTimeout(start, 1000)
})()
