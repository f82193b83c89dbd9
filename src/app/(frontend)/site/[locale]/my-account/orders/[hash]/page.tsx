import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountOrders } from '@/components/account/AccountOrders.client'
import { ordersTexts } from '@/components/account/orders-texts'
import { SiteShell } from '@/components/layout/SiteShell'
import { getLocale, locales, pageLocale } from '@/i18n/locales'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string; hash: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Account' })
  return pageMetadata({ locale, path: '/my-account/orders', title: t('receiptTitle'), description: t('ordersIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

/** One order's receipt; the island reads it with the stored tokens (only its owner gets it). */
export default async function ReceiptRoute({ params }: Props) {
  const locale = await pageLocale(params)
  const { hash } = await params
  setRequestLocale(locale)
  return (
    <SiteShell locale={locale} path="/my-account/orders">
      <section className="container-site py-12">
        <AccountOrders locale={locale} tag={getLocale(locale).tag} texts={await ordersTexts(locale)} hash={hash.slice(0, 64)} />
      </section>
    </SiteShell>
  )
}
