import type english from '../../../messages/en.json'
import { withFallback } from '@/i18n/messages'

type ErrorTexts = typeof english.ServerError

/**
 * A locale's error texts, filled in from English. Loaded only when an error screen shows without
 * the locale layout (its table of 32 catalogues would otherwise sit in every page's bundle).
 */
export async function loadErrorTexts(code: string): Promise<ErrorTexts> {
  const [base, own] = await Promise.all([
    import('../../../messages/en.json'),
    code === 'en' ? null : import(`../../../messages/${code}.json`).catch(() => null),
  ])
  return withFallback(base.default.ServerError, (own as { default: { ServerError?: Partial<ErrorTexts> } } | null)?.default.ServerError ?? {}) as ErrorTexts
}
