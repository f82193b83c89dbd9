import type en from '../../messages/en.json'
import { defaultLocale, isLocaleCode } from './locales'

export type Messages = typeof en
type Tree = { [key: string]: string | Tree }

/** Keys missing from a locale's file are taken from English. */
export function withFallback(base: Tree, override: Tree): Tree {
  const merged: Tree = { ...base }
  for (const [key, value] of Object.entries(override)) {
    const fallback = base[key]
    if (typeof value === 'string') {
      if (value !== '') merged[key] = value
    } else if (value && typeof value === 'object') {
      merged[key] = fallback && typeof fallback === 'object' ? withFallback(fallback, value) : value
    }
  }
  return merged
}

/** Loads one locale's UI messages (only that file and English), filled in from English. */
export async function loadMessages(code: string): Promise<Messages> {
  const english = (await import('../../messages/en.json')).default as Tree
  if (code === defaultLocale || !isLocaleCode(code)) return english as Messages
  const own = (await import(`../../messages/${code}.json`).catch(() => ({ default: {} }))).default as Tree
  return withFallback(english, own) as Messages
}
