// The calls of the specification's section 7 ("The calls it makes"), `{provider}` being
// `veilgate` and `{id}` a number: the hostile-input suite asks each with every method, with and
// without the trailing slash, and lists those that answer 404 to all of them (not served yet).

const content = ['site', 'survey', 'subscribe', 'pages-search-v2', 'pages-search', 'clear-cache', 'pages-cache', 'pages/glossary-page', 'pages/page', 'pages/children', 'pages/children-by-url', 'pages/children-by-url-pagination'].map((path) => `/api/coms/${path}/`)

const provider = [
  'geo-ip',
  'vpn-download',
  'passwarden-download',
  'firewall-download',
  'clear-cache',
  'purchase-detail-by-hash',
  ...['user-info', 'fast-login-user-info', 'login', 'change-password', 'fastlogin', 'autologin', 'autologin-url', 'error'].map((path) => `auth/${path}`),
  ...['redeem', 'url-with-email', 'url', 'cost', 'transaction-id', 'success-info', 'amazon-user-info', 'amazon-pay-validate', 'paypal', 'amazon', 'amazon-validate', 'paymentwall', 'bitcoin', 'stripe', 'coinpayments'].map((path) => `purchase/${path}`),
  ...['price/1', 'pricing-service', 'bonus', 'comments', 'redeem-code', 'redeem-gift', 'check-upgrade-possibility', 'trial-accrual', 'check-new-bonus-code', 'check-payment-status', 'price-list', 'price-service'].map((path) => `sales/${path}`),
  ...['geo-locate', 'geo-locations-list', 'servers-locations-list', 'servers-list', 'iplist', 'request-oem', 'send'].map((path) => `vpn/${path}`),
].map((path) => `/api/veilgate/${path}/`)

/** Every path of section 7, with its trailing slash. */
export const SPEC_API_PATHS: readonly string[] = [...content, ...provider]

/** Section-7 paths that a later issue serves: "Crypto payments". */
export const SPEC_PATHS_PLANNED: readonly string[] = ['/api/veilgate/purchase/bitcoin/', '/api/veilgate/purchase/coinpayments/']
