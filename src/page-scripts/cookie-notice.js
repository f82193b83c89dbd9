// The cookie choice before and beside hydration (async; from the browser's cache on later visits).
// - A visitor who chose does not see the notice flash: the page is marked before its first paint,
//   and hydration then removes the notice.
// - The notice's buttons work before hydration too ("Necessary only", "Accept all"), and "Cookie
//   settings" in the footer shows it again.
// - Tags, privacy first: the tag manager named by /api/site/tags (GTM_ID) is added only once the
//   choice is "Accept all", with `dataLayer` started here. Nothing else is fetched.
// The stored form and its 12 months are the same as src/lib/consent.ts (unit-tested there).
;(function () {
  var KEY = 'cookie-notice'
  var root = document.documentElement
  var tagsLoaded = false
  // A choice made on this page, for when storage is refused.
  var chosen = null

  function read() {
    var raw = null
    try {
      raw = window.localStorage.getItem(KEY)
    } catch {
      return chosen
    }
    if (!raw) return chosen
    if (raw === 'accepted') return 'necessary'
    if (raw.length > 200) return null
    try {
      var stored = JSON.parse(raw)
      if ((stored.choice !== 'necessary' && stored.choice !== 'all') || typeof stored.at !== 'number' || !isFinite(stored.at)) return null
      var expiry = new Date(stored.at)
      expiry.setUTCMonth(expiry.getUTCMonth() + 12)
      var now = Date.now()
      if (stored.at > now + 60000 || expiry.getTime() <= now) return null
      return stored.choice
    } catch {
      return null
    }
  }

  function loadTags() {
    var tags = window.veilgateTags
    if (tagsLoaded || read() !== 'all' || !tags || !tags.gtm) return
    tagsLoaded = true
    window.dataLayer = window.dataLayer || []
    window.dataLayer.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' })
    var script = document.createElement('script')
    script.async = true
    script.src = 'https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(tags.gtm)
    document.head.appendChild(script)
  }

  if (read()) root.setAttribute('data-cookie-notice', 'accepted')

  document.addEventListener('click', function (event) {
    var target = event.target
    if (!(target instanceof Element)) return
    var button = target.closest('section[data-cookie-notice] button[data-consent]')
    if (button) {
      var choice = button.getAttribute('data-consent') === 'all' ? 'all' : 'necessary'
      try {
        window.localStorage.setItem(KEY, JSON.stringify({ choice: choice, at: Date.now() }))
      } catch {
        // Without storage the choice holds for this page only.
      }
      chosen = choice
      root.setAttribute('data-cookie-notice', 'accepted')
      document.dispatchEvent(new CustomEvent('veilgate:consent', { detail: choice }))
      loadTags()
      return
    }
    if (target.closest('[data-cookie-settings]')) root.removeAttribute('data-cookie-notice')
  })

  document.addEventListener('veilgate:tags', loadTags)
  loadTags()
})()
