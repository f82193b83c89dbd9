// The sandbox payment pages' answer for a payment they do not know (or while the sandbox is refused).
import { getTranslations } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { localizePath } from '@/i18n/paths'

/** `to`: where its link leads (checkout, or the plans for the wallet page). */
export async function SandboxNotFound({ locale, path, to = '/order/checkout' }: { locale: string; path: string; to?: '/order/checkout' | '/order/pickup' }) {
  const t = await getTranslations('Checkout')
  return (
    <SiteShell locale={locale} path={path}>
      <section className="container-site py-16">
        <h1 className="text-3xl font-extrabold">{t('threeDsNotFound')}</h1>
        <a href={localizePath(locale, to)} className="mt-6 inline-block underline">
          {to === '/order/pickup' ? t('changePlan') : t('backToCheckout')}
        </a>
      </section>
    </SiteShell>
  )
}
