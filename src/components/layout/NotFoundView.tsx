import { getTranslations } from 'next-intl/server'
import { localizePath } from '@/i18n/paths'

/** The 404 screen of spec section 2: an image, "Oh, no! 404 happens." and a Go home button. */
export async function NotFoundView({ locale }: { locale: string }) {
  const t = await getTranslations('NotFound')
  return (
    <section className="container-site flex flex-col items-center py-20 text-center">
      {/* eslint-disable-next-line @next/next/no-img-element -- a fixed SVG needs no image optimisation */}
      <img src="/images/404.svg" alt={t('imageAlt')} width={320} height={220} className="h-auto w-64 md:w-80" />
      <h1 className="mt-8 text-4xl font-extrabold tracking-tight md:text-5xl">{t('title')}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{t('text')}</p>
      <a href={localizePath(locale, '/')} className="btn-primary mt-8 px-7 py-3 text-base">
        {t('goHome')}
      </a>
    </section>
  )
}
