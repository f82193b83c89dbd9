import { brand } from './brand'

/**
 * Where "Contact us" goes (spec section 8, general error modal): the support chat when
 * `SUPPORT_CHAT_URL` is an http(s) address (opened in a new window; no chat script in the page),
 * else an e-mail to support.
 */
export function supportContact(chatUrl = process.env.SUPPORT_CHAT_URL): { href: string; chat: boolean } {
  try {
    const url = chatUrl ? new URL(chatUrl) : null
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return { href: url.href, chat: true }
  } catch {
    // Not an address: e-mail instead.
  }
  return { href: `mailto:${brand.supportEmail}`, chat: false }
}
