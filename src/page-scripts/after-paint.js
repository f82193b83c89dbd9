// Adds the page's own scripts once its first contentful paint is recorded (the server moved them
// here from the HTML: scripts/lib/after-paint.mjs). `data-scripts` and `data-preloads` list
// `url` or `url|integrity`, space-separated.
//
// `data-start="demand"` (content pages, the picker, checkout): after the first paint the scripts
// wait until the visitor is there (a pointer moving, a touch, a key, the focus, a wheel or a
// scroll), an island comes within 1.3 viewport heights (`[data-island]`, a lazy image still
// waiting), the address needs them (a `#` anchor, `?logger`), the page's islands read something
// its HTML could not know (`data-hydrate-now`: a query, an experiment, a session), or the page
// was reloaded or reached by back or forward. A reader who only reads runs none of Next's code.
// A click on a button before React has taken over is held and given again once React owns that
// button, as is a form's submission; a focus and text typed before then are handed to React;
// links work as links. The loader says where it stands in `data-state`: `waiting`, then `started`.
;(function () {
  var loader = document.currentScript
  if (!loader) return
  var started = false
  var demand = loader.getAttribute('data-start') === 'demand'
  var root = document.documentElement

  function each(list, add) {
    ;(list || '').split(' ').forEach(function (item) {
      if (!item) return
      var bar = item.indexOf('|')
      add(bar === -1 ? item : item.slice(0, bar), bar === -1 ? '' : item.slice(bar + 1))
    })
  }

  /**
   * A waiting page's flight data is in JSON blocks (`data-flight`, scripts/lib/after-paint.mjs):
   * queued for Next's runtime in the page's order before its chunks are added, and what the
   * parser has not reached yet once it has (before the runtime hears that the page is complete).
   */
  var fed = new WeakSet()
  function feed() {
    var queue = (window.__next_f = window.__next_f || [])
    document.querySelectorAll('script[data-flight]').forEach(function (block) {
      if (fed.has(block)) return
      fed.add(block)
      queue.push(JSON.parse(block.textContent))
    })
  }

  function start() {
    if (started) return
    started = true
    loader.setAttribute('data-state', 'started')
    feed()
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', feed)
    var elements = []
    each(loader.getAttribute('data-scripts'), function (src, integrity) {
      var script = document.createElement('script')
      script.src = src
      script.async = true
      if (integrity) script.integrity = integrity
      elements.push(script)
    })
    each(loader.getAttribute('data-preloads'), function (href, integrity) {
      var link = document.createElement('link')
      link.rel = 'preload'
      link.as = 'script'
      link.href = href
      if (integrity) link.integrity = integrity
      elements.push(link)
    })
    // One element per task: all of them in one made a task of 25 ms here (87 ms under a 4× slower
    // CPU), long enough to hold up a tap.
    ;(function add() {
      var element = elements.shift()
      if (!element) return
      document.head.appendChild(element)
      if (elements.length) setTimeout(add, 0)
    })()
  }

  var hydrated = function () {
    return root.hasAttribute('data-hydrated')
  }
  /** React has hydrated this element: it keeps its props on it. */
  function owned(element) {
    for (var key in element) if (key.indexOf('__reactProps$') === 0) return true
    return false
  }
  /**
   * What was held, in the order it happened (a focus, then the text, then the press of Enter):
   * each runs once the page and its element are React's, for at most 20 s; one whose element left
   * the page is dropped.
   */
  var held = []
  var tries = 0
  function replay() {
    while (held.length) {
      var first = held[0]
      if (!first.element.isConnected) held.shift()
      else if (hydrated() && owned(first.element)) held.shift().again()
      else break
    }
    if (held.length && ++tries < 400) setTimeout(replay, 50)
    else held = []
  }
  function whenOwned(element, again) {
    held.push({ element: element, again: again })
    if (held.length === 1) {
      tries = 0
      setTimeout(replay, 50)
    }
  }
  // Buttons whose scripts work before hydration (the cookie notice, copy buttons) answer themselves.
  var EARLY = 'section[data-cookie-notice] button, [data-cookie-settings], button[data-copy]'
  function heldClick(event) {
    if (hydrated() || !event.isTrusted || !(event.target instanceof Element)) return
    var control = event.target.closest('button, [role="button"], input[type="submit"], input[type="checkbox"], input[type="radio"]')
    if (!control || control.disabled || control.closest(EARLY) || owned(control)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    start()
    whenOwned(control, function () {
      control.click()
    })
  }
  function heldSubmit(event) {
    var form = event.target
    if (hydrated() || !event.isTrusted || !(form instanceof HTMLFormElement) || owned(form)) return
    event.preventDefault()
    var submitter = event.submitter
    start()
    whenOwned(form, function () {
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined)
    })
  }
  /**
   * A field typed into before hydration: React's hydration writes a controlled field's value from
   * its state (empty), so the last text typed is kept here and, once React owns the field, given
   * back to it as an input event (React's value tracker is set to another value first, so the
   * event counts as a change).
   */
  var typed = new WeakMap()
  function heldInput(event) {
    var field = event.target
    if (hydrated() || !event.isTrusted || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return
    if (field.type === 'checkbox' || field.type === 'radio' || owned(field)) return
    var first = !typed.has(field)
    typed.set(field, field.value)
    if (!first) return
    start()
    whenOwned(field, function () {
      var value = typed.get(field)
      typed.delete(field)
      var native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')
      if (!native || !native.set) return
      field.value = value === '' ? ' ' : ''
      native.set.call(field, value)
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
    })
  }
  /** A field focused before hydration that still has the focus then: React hears of that focus too. */
  var focused = new WeakSet()
  function heldFocus(event) {
    var field = event.target
    if (hydrated() || !event.isTrusted || !(field instanceof Element) || !field.matches('input, textarea, select, button') || owned(field) || focused.has(field)) return
    focused.add(field)
    whenOwned(field, function () {
      focused.delete(field)
      if (document.activeElement === field) field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    })
  }
  /** `data-hydrate-now` (architecture.md); names from experiments/assign.ts, lib/session.client.ts. */
  function wantedNow() {
    var mark = document.querySelector('[data-hydrate-now]')
    var reasons = mark ? mark.getAttribute('data-hydrate-now').split(' ') : []
    if (reasons.indexOf('search') !== -1 && location.search.length > 1) return true
    if (reasons.indexOf('experiment') !== -1 && /(^|;\s*)exp_/.test(document.cookie)) return true
    if (reasons.indexOf('session') === -1) return false
    try {
      return !!(localStorage.getItem('veilgate:auth-token') || localStorage.getItem('veilgate:access-token'))
    } catch {
      return false
    }
  }
  var SIGNS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll']
  function arrived() {
    SIGNS.forEach(function (name) {
      window.removeEventListener(name, arrived, true)
    })
    start()
  }
  /** Content pages: the scripts load when they are wanted (see the top of this file). */
  function wait() {
    if (started || loader.hasAttribute('data-state')) return
    if (location.hash || /[?&]logger(=|&|$)/.test(location.search) || !window.IntersectionObserver) return start()
    // A reload or a step back or forward: the visitor is there (and the chunk guard's reload needs the scripts).
    var navigation = performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null
    if (navigation && (navigation.type === 'reload' || navigation.type === 'back_forward')) return start()
    if (wantedNow()) return start()
    loader.setAttribute('data-state', 'waiting')
    SIGNS.forEach(function (name) {
      window.addEventListener(name, arrived, { capture: true, passive: true })
    })
    document.addEventListener('click', heldClick, true)
    document.addEventListener('submit', heldSubmit, true)
    document.addEventListener('input', heldInput, true)
    document.addEventListener('focusin', heldFocus, true)
    document.addEventListener('change', heldInput, true)
    var islands = document.querySelectorAll('[data-island], img[data-state="waiting"]')
    if (!islands.length) return
    var seen = new IntersectionObserver(
      function (entries) {
        if (
          entries.some(function (entry) {
            return entry.isIntersecting
          })
        ) {
          seen.disconnect()
          start()
        }
      },
      { rootMargin: '130% 0px' },
    )
    islands.forEach(function (island) {
      seen.observe(island)
    })
  }
  var next = demand ? wait : start

  // A page that is not being shown (a background tab, a prerender) paints nothing yet: load now
  // (a content page waits for its visitor in any case).
  if (!demand && (document.visibilityState === 'hidden' || document.prerendering)) return start()
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []
  if (types.indexOf('paint') === -1) {
    requestAnimationFrame(function () {
      setTimeout(next, 0)
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
      setTimeout(next, 0)
    }
  }).observe({ type: 'paint', buffered: true })
  // A page with nothing contentful to paint (or one shown only after it had been in the
  // background, which records no first paint) still gets its scripts: 1 s after it has loaded and
  // drawn two frames. Not on a clock from the start: a renderer that draws one frame a second (a
  // busy or headless one) paints its text late, and the scripts would take the bandwidth and the
  // main thread the first paint still needs. The paint's time is when the frame reached the
  // screen, which can come after the frames themselves.
  function afterTwoFrames() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(next, 1000)
      })
    })
  }
  if (document.readyState === 'complete') afterTwoFrames()
  else window.addEventListener('load', afterTwoFrames)
  // A tab sent to the background before its first paint draws no frame: it loads its scripts then.
  if (!demand)
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') start()
    })
})()
