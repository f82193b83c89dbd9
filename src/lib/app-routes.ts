/**
 * The site's own app routes (pages that are not CMS content). The request proxy lets these
 * through instead of sending them to the not-found page; later routes (checkout, account) join here.
 */
export const pickerViews = ['pickup', 'pickup-b', 'pickup-c', 'pickup-d', 'pickup-e'] as const
export type PickerView = (typeof pickerViews)[number]

export const appRoutes: readonly string[] = [...pickerViews.map((view) => `/order/${view}`), '/order/checkout', '/payment-success', '/payment-error', '/sign-in', '/sign-up', '/confirm-email', '/forgot-password', '/reset-password', '/fast-login', '/autologin', '/my-account', '/my-account/orders', '/my-account/settings', '/newsletter/confirm', '/blog-unsubscribe', '/amazon/payment']

/** App routes with a variable last segment (the sandbox's 3-D Secure, approval and invoice pages of one payment, a receipt). */
const appRoutePatterns: readonly RegExp[] = [/^\/sandbox\/3ds\/[^/]+$/, /^\/sandbox\/approve\/[^/]+$/, /^\/sandbox\/invoice\/[^/]+$/, /^\/my-account\/orders\/[^/]+$/]

/** App routes rendered at every request (their CSP carries a nonce instead of the cached pages' hashes). */
export const perRequestRoutes: readonly string[] = ['/search', '/payment-success', '/payment-error', '/newsletter/confirm', '/blog-unsubscribe', '/amazon/payment']

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** `path` without its locale prefix and without a trailing slash. */
export const isAppRoute = (path: string) => appRoutes.includes(trimmed(path)) || appRoutePatterns.some((pattern) => pattern.test(trimmed(path)))

/** Whether the page at `path` (without its locale prefix) is rendered at every request. */
export const isPerRequestRoute = (path: string) => perRequestRoutes.includes(trimmed(path)) || appRoutePatterns.some((pattern) => pattern.test(trimmed(path)))
