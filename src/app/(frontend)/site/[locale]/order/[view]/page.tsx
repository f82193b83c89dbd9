import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { PICKER_CONTENT_PATH, PickerPage } from '@/components/order/PickerPage'
import { defaultLocale, isLocaleCode, locales } from '@/i18n/locales'
import { pickerViews, type PickerView } from '@/lib/app-routes'
import { localizePath } from '@/i18n/paths'
import { pageMetadata } from '@/lib/seo'
import { resolvePage } from '@/services/content/pages'

type Props = { params: Promise<{ locale: string; view: string }> }

// One render per locale and view, then served from the cache; saving in the admin refreshes it.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

const isView = (value: string): value is PickerView => (pickerViews as readonly string[]).includes(value)

async function read(params: Props['params']) {
  const { locale: raw, view } = await params
  return { locale: isLocaleCode(raw) ? raw : defaultLocale, view }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, view } = await read(params)
  if (!isView(view)) return {}
  const [resolved, blocks, t] = await Promise.all([resolvePage(PICKER_CONTENT_PATH, locale), getTranslations({ locale, namespace: 'Blocks' }), getTranslations({ locale, namespace: 'Picker' })])
  const settings = resolved?.page.settings
  return pageMetadata({
    locale,
    path: `/order/${view}`,
    title: settings?.title || blocks('choosePlan'),
    description: settings?.description || t('metaDescription'),
    // The variants are experiments on the same page: they name /order/pickup as canonical.
    canonical: localizePath(locale, '/order/pickup'),
    noIndex: Boolean(settings?.noIndex),
    // The picker itself is translated into every locale; only the page's texts may fall back.
    translated: locales.map((entry) => entry.code),
  })
}

export default async function PickerRoute({ params }: Props) {
  const { locale, view } = await read(params)
  if (!isView(view)) notFound()
  setRequestLocale(locale)
  return <PickerPage locale={locale} view={view} />
}
