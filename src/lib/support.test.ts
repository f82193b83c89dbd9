import { describe, expect, it } from 'vitest'
import { supportContact } from './support'

describe('supportContact', () => {
  it('opens the support chat when SUPPORT_CHAT_URL is an http(s) address', () => {
    expect(supportContact('https://chat.example.com/veilgate?x=1')).toEqual({ href: 'https://chat.example.com/veilgate?x=1', chat: true })
  })

  it('writes to support otherwise', () => {
    for (const value of [undefined, '', 'javascript:alert(1)', 'not a url', 'ftp://chat.example.com']) expect(supportContact(value)).toEqual({ href: 'mailto:support@veilgate.com', chat: false })
  })
})
