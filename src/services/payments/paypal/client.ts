// PayPal's REST API through its server SDK: the client for an app, its OAuth token kept until it expires, and a stand-in's address when one is set.
import axios, { type AxiosAdapter } from 'axios'
import { Client, Environment, OrdersController, PaymentsController, VaultController, type ClientCredentialsAuthManager, type OAuthToken } from '@paypal/paypal-server-sdk'

export type PaypalSettings = {
  clientId: string
  clientSecret: string
  webhookId: string
  environment: 'sandbox' | 'live'
  /** Another address for the API (a stand-in); unset, PayPal's for the environment. */
  apiUrl?: string
}

/** Where the API answers: the stand-in, else PayPal's sandbox or live host. */
export const paypalApiBase = (settings: Pick<PaypalSettings, 'environment' | 'apiUrl'>) =>
  (settings.apiUrl ?? (settings.environment === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/$/, '')

/** The SDK builds PayPal's own URLs; sent to a stand-in instead, each request keeps its path and query on the stand-in's origin. */
function towards(apiUrl: string): AxiosAdapter {
  const http = axios.getAdapter('http')
  const target = new URL(apiUrl)
  return (config) => {
    const url = new URL(config.url ?? '/', 'https://api-m.paypal.com')
    url.protocol = target.protocol
    url.host = target.host
    return http({ ...config, url: url.toString() })
  }
}

/** One OAuth token per app and host, reused until it expires (PayPal's last about nine hours). */
const tokens = new Map<string, OAuthToken>()

export type PaypalApi = {
  orders: OrdersController
  payments: PaymentsController
  vault: VaultController
  /** A bearer token for the calls the SDK does not make (verifying a webhook's signature). */
  accessToken(): Promise<string>
  base: string
  webhookId: string
}

/** The SDK's client for one app: logging off (it would print requests), a 20 s timeout. */
export function paypalApi(settings: PaypalSettings): PaypalApi {
  const base = paypalApiBase(settings)
  const key = `${settings.clientId}@${base}`
  /** The kept token while it is valid, else a new one (kept). */
  const tokenOf = async (manager: ClientCredentialsAuthManager, last?: OAuthToken) => {
    const kept = tokens.get(key) ?? last
    if (kept && manager.isValid(kept) && !manager.isExpired(kept)) return kept
    const fresh = await manager.fetchToken()
    tokens.set(key, fresh)
    return fresh
  }
  const client: Client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: settings.clientId,
      oAuthClientSecret: settings.clientSecret,
      oAuthTokenProvider: (last, manager) => tokenOf(manager, last),
    },
    environment: settings.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(settings.apiUrl ? { unstable_httpClientOptions: { adapter: towards(settings.apiUrl) } } : {}),
  })
  return {
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    vault: new VaultController(client),
    accessToken: async () => (await tokenOf(client.clientCredentialsAuthManager)).accessToken,
    base,
    webhookId: settings.webhookId,
  }
}
