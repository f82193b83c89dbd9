import { localizePath } from '@/i18n/paths'

/** Replaces the account page with sign-in, which comes back to it (`?next=` the page's path). */
export function toSignIn(locale: string): void {
  window.location.replace(`${localizePath(locale, '/sign-in')}?next=${encodeURIComponent(window.location.pathname)}`)
}
