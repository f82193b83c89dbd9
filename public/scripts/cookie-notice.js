// Runs as soon as it arrives (async, from the browser's cache on later visits): a visitor who
// accepted the cookie notice does not see it flash before the page hydrates and removes it.
try {
  if (window.localStorage.getItem('cookie-notice') === 'accepted') document.documentElement.setAttribute('data-cookie-notice', 'accepted')
} catch {
  // Storage can be disabled: the notice then shows, as it does for a new visitor.
}
