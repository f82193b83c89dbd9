// The sandbox payment pages' answer for a payment they do not know (or while the sandbox is refused).
import { getTranslations } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { localizePath } from '@/i18n/paths'

export async function SandboxNotFound({ locale, path }: { locale: string; path: string }) {
  const t = await getTranslations('Checkout')
  return (
    <SiteShell locale={locale} path={path}>
      <section className="container-site py-16">
        <h1 className="text-3xl font-extrabold">{t('threeDsNotFound')}</h1>
        <a href={localizePath(locale, '/order/checkout')} className="mt-6 inline-block underline">
          {t('backToCheckout')}
        </a>
      </section>
    </SiteShell>
  )
}
