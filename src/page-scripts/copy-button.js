// Copy buttons (`button[data-copy="<id>"]`, rendered by src/components/ui/CopyButton.tsx): a press,
// by pointer or keyboard, copies the text of the element with that id and says `data-copied`
// ("Copied", in the page's language) in the button's status region. Loaded only by pages that
// have one (a script file: no client component, so other pages carry none of it); buttons show
// once this has run (`html[data-copy-ready]`). Where the clipboard is refused, the text is
// selected instead, ready for the keyboard's copy.
;(function () {
  var root = document.documentElement
  if (root.hasAttribute('data-copy-ready')) return
  root.setAttribute('data-copy-ready', '')

  function select(element) {
    var range = document.createRange()
    range.selectNodeContents(element)
    var selection = window.getSelection()
    if (!selection) return
    selection.removeAllRanges()
    selection.addRange(range)
  }

  function legacyCopy(text) {
    var area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    var done = false
    try {
      done = document.execCommand('copy')
    } catch {
      done = false
    }
    document.body.removeChild(area)
    return done
  }

  function announce(button, text) {
    var status = button.parentElement && button.parentElement.querySelector('[data-copy-status]')
    if (!status) return
    status.textContent = text
    window.clearTimeout(Number(status.getAttribute('data-timer')))
    status.setAttribute(
      'data-timer',
      String(
        window.setTimeout(function () {
          status.textContent = ''
        }, 4000),
      ),
    )
  }

  document.addEventListener('click', function (event) {
    var target = event.target
    var button = target instanceof Element ? target.closest('button[data-copy]') : null
    if (!button) return
    var source = document.getElementById(button.getAttribute('data-copy') || '')
    var text = source ? (source.textContent || '').trim() : ''
    if (!text) return
    var copied = function () {
      announce(button, button.getAttribute('data-copied') || '')
    }
    var fallback = function () {
      if (legacyCopy(text)) copied()
      else if (source) select(source)
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(copied, fallback)
    else fallback()
  })
})()
