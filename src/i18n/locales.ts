/**
 * The one table of the site's 32 locales (spec section 3). It feeds the
 * request proxy, next-intl message loading, Payload's localization, hreflang
 * and every `Intl` call.
 */
export type LocaleDefinition = {
  /** The code as it appears in URLs and in Payload (`ua`, `jp`, …). */
  code: string
  /** The language's name in that language. */
  label: string
  /** The English name, for editors. */
  englishName: string
  /** BCP 47 tag for `lang`, hreflang and `Intl` (`uk`, `ja`, …). */
  tag: string
  dir: 'ltr' | 'rtl'
  /** Main locales are offered by the header's locale toggle. */
  main: boolean
}

export const locales = [
  { code: 'en', label: 'English', englishName: 'English', tag: 'en', dir: 'ltr', main: true },
  { code: 'ru', label: 'Русский', englishName: 'Russian', tag: 'ru', dir: 'ltr', main: true },
  { code: 'es', label: 'Español', englishName: 'Spanish', tag: 'es', dir: 'ltr', main: true },
  { code: 'fr', label: 'Français', englishName: 'French', tag: 'fr', dir: 'ltr', main: true },
  { code: 'de', label: 'Deutsch', englishName: 'German', tag: 'de', dir: 'ltr', main: true },
  { code: 'ua', label: 'Українська', englishName: 'Ukrainian', tag: 'uk', dir: 'ltr', main: true },
  { code: 'pt', label: 'Português', englishName: 'Portuguese', tag: 'pt', dir: 'ltr', main: true },
  { code: 'fa', label: 'فارسی', englishName: 'Persian', tag: 'fa', dir: 'rtl', main: true },
  { code: 'ar', label: 'العربية', englishName: 'Arabic', tag: 'ar', dir: 'rtl', main: true },
  { code: 'jp', label: '日本語', englishName: 'Japanese', tag: 'ja', dir: 'ltr', main: true },
  { code: 'zh', label: '中文', englishName: 'Chinese', tag: 'zh', dir: 'ltr', main: true },
  { code: 'sv', label: 'Svenska', englishName: 'Swedish', tag: 'sv', dir: 'ltr', main: true },
  { code: 'fi', label: 'Suomi', englishName: 'Finnish', tag: 'fi', dir: 'ltr', main: true },
  { code: 'no', label: 'Norsk', englishName: 'Norwegian', tag: 'no', dir: 'ltr', main: true },
  { code: 'ko', label: '한국어', englishName: 'Korean', tag: 'ko', dir: 'ltr', main: true },
  { code: 'be', label: 'Беларуская', englishName: 'Belarusian', tag: 'be', dir: 'ltr', main: false },
  { code: 'bs', label: 'Bosanski', englishName: 'Bosnian', tag: 'bs', dir: 'ltr', main: false },
  { code: 'bg', label: 'Български', englishName: 'Bulgarian', tag: 'bg', dir: 'ltr', main: false },
  { code: 'hr', label: 'Hrvatski', englishName: 'Croatian', tag: 'hr', dir: 'ltr', main: false },
  { code: 'cs', label: 'Čeština', englishName: 'Czech', tag: 'cs', dir: 'ltr', main: false },
  { code: 'da', label: 'Dansk', englishName: 'Danish', tag: 'da', dir: 'ltr', main: false },
  { code: 'nl', label: 'Nederlands', englishName: 'Dutch', tag: 'nl', dir: 'ltr', main: false },
  { code: 'et', label: 'Eesti', englishName: 'Estonian', tag: 'et', dir: 'ltr', main: false },
  { code: 'el', label: 'Ελληνικά', englishName: 'Greek', tag: 'el', dir: 'ltr', main: false },
  { code: 'is', label: 'Íslenska', englishName: 'Icelandic', tag: 'is', dir: 'ltr', main: false },
  { code: 'lv', label: 'Latviešu', englishName: 'Latvian', tag: 'lv', dir: 'ltr', main: false },
  { code: 'lt', label: 'Lietuvių', englishName: 'Lithuanian', tag: 'lt', dir: 'ltr', main: false },
  { code: 'pl', label: 'Polski', englishName: 'Polish', tag: 'pl', dir: 'ltr', main: false },
  { code: 'ro', label: 'Română', englishName: 'Romanian', tag: 'ro', dir: 'ltr', main: false },
  { code: 'sr', label: 'Српски', englishName: 'Serbian', tag: 'sr', dir: 'ltr', main: false },
  { code: 'sk', label: 'Slovenčina', englishName: 'Slovak', tag: 'sk', dir: 'ltr', main: false },
  { code: 'sl', label: 'Slovenščina', englishName: 'Slovenian', tag: 'sl', dir: 'ltr', main: false },
] as const satisfies readonly LocaleDefinition[]

export type LocaleCode = (typeof locales)[number]['code']

export const defaultLocale: LocaleCode = 'en'

export const localeCodes: readonly LocaleCode[] = locales.map((l) => l.code)

const byCode = new Map<string, LocaleDefinition>(locales.map((l) => [l.code, l]))
const byTag = new Map<string, LocaleDefinition>(locales.map((l) => [l.tag.toLowerCase(), l]))

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && byCode.has(value)
}

/** A page's `[locale]` segment as a known locale code; anything else is English. */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<LocaleCode> {
  const { locale } = await params
  return isLocaleCode(locale) ? locale : defaultLocale
}

export function getLocale(code: string): LocaleDefinition {
  return byCode.get(code) ?? byCode.get(defaultLocale)!
}

/** Finds the locale for a BCP 47 tag (`uk-UA` → ua), ignoring case and region. */
export function localeFromTag(tag: string): LocaleDefinition | undefined {
  const lower = tag.trim().toLowerCase()
  return byTag.get(lower) ?? byCode.get(lower) ?? byTag.get(lower.split('-')[0]!)
}

/** The main locales other than `current`, English first (the header toggle). */
export function toggleLocales(current: string): LocaleDefinition[] {
  const others: LocaleDefinition[] = locales.filter((l) => l.main && l.code !== current)
  return others.sort((a, b) => (a.code === defaultLocale ? -1 : b.code === defaultLocale ? 1 : 0))
}

/** Codes that never appear as hreflang alternates (spec section 9). */
export const hreflangExcluded: readonly string[] = ['in', 'pk']

/** The cookie that remembers the visitor's locale across the whole site. */
export const LOCALE_COOKIE = 'NEXT_LOCALE'
