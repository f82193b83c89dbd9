import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountOrders } from '@/components/account/AccountOrders.client'
import { ordersTexts } from '@/components/account/orders-texts'
import { SiteShell } from '@/components/layout/SiteShell'
import { getLocale, locales, pageLocale } from '@/i18n/locales'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string }> }

// The same HTML for every visitor (cached per locale): the island reads the orders with the stored tokens.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Account' })
  return pageMetadata({ locale, path: '/my-account/orders', title: t('ordersLink'), description: t('ordersIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

export default async function OrdersRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  return (
    <SiteShell locale={locale} path="/my-account/orders">
      <section className="container-site py-12">
        <AccountOrders locale={locale} tag={getLocale(locale).tag} texts={await ordersTexts(locale)} />
      </section>
    </SiteShell>
  )
}
