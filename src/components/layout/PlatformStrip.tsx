import { getTranslations } from 'next-intl/server'
import { localizePath } from '@/i18n/paths'
import { platformStrip } from './navigation'

export async function PlatformStrip({ locale }: { locale: string }) {
  const t = await getTranslations('Platforms')
  const nav = await getTranslations('Navigation')
  return (
    <nav aria-label={t('label')} className="border-b border-line bg-surface">
      <ul className="container-site flex gap-1 overflow-x-auto py-2 text-sm md:justify-center">
        {platformStrip.map((platform) => (
          <li key={platform.key} className="shrink-0">
            <a
              href={localizePath(locale, platform.href)}
             
              aria-label={t('download', { platform: nav(platform.key) })}
              className="inline-block rounded-full px-3 py-1 font-medium text-muted hover:bg-brand-50 hover:text-brand-700"
            >
              {nav(platform.key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
