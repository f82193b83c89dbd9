import { getTranslations } from 'next-intl/server'
import { getLocale } from '@/i18n/locales'

/** Tells the visitor the page below is shown in English because it has no translation yet. */
export async function FallbackAlert({ locale }: { locale: string }) {
  const t = await getTranslations('Fallback')
  return (
    <div role="note" data-fallback-alert className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <p className="container-site py-3 text-sm">{t('alert', { language: getLocale(locale).label })}</p>
    </div>
  )
}
