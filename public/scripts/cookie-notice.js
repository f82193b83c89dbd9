// Runs as soon as it arrives (async, from the browser's cache on later visits): a visitor who
// accepted the cookie notice does not see it flash before the page hydrates and removes it, and
// the notice's button works before hydration too (the page's scripts load after its first paint).
;(function () {
  var root = document.documentElement
  try {
    if (window.localStorage.getItem('cookie-notice') === 'accepted') root.setAttribute('data-cookie-notice', 'accepted')
  } catch {
    // Storage can be disabled: the notice then shows, as it does for a new visitor.
  }
  document.addEventListener('click', function (event) {
    var target = event.target
    if (!(target instanceof Element) || !target.closest('section[data-cookie-notice] button')) return
    try {
      window.localStorage.setItem('cookie-notice', 'accepted')
    } catch {
      // Without storage the notice closes for this page only.
    }
    root.setAttribute('data-cookie-notice', 'accepted')
  })
})()
