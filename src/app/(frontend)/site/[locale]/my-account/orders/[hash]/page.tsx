import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountOrders } from '@/components/account/AccountOrders.client'
import { ordersTexts } from '@/components/account/orders-texts'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode, locales } from '@/i18n/locales'
import { pageMetadata } from '@/lib/seo'

type Props = { params: Promise<{ locale: string; hash: string }> }

const localeOf = async (params: Props['params']) => {
  const { locale } = await params
  return isLocaleCode(locale) ? locale : defaultLocale
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params)
  const t = await getTranslations({ locale, namespace: 'Account' })
  return pageMetadata({ locale, path: '/my-account/orders', title: t('receiptTitle'), description: t('ordersIntro'), noIndex: true, translated: locales.map((entry) => entry.code) })
}

/** One order's receipt; the island reads it with the stored tokens (only its owner gets it). */
export default async function ReceiptRoute({ params }: Props) {
  const locale = await localeOf(params)
  const { hash } = await params
  setRequestLocale(locale)
  return (
    <SiteShell locale={locale} path="/my-account/orders">
      <section className="container-site py-12">
        <AccountOrders locale={locale} tag={locales.find((entry) => entry.code === locale)?.tag ?? 'en'} texts={await ordersTexts(locale)} hash={hash.slice(0, 64)} />
      </section>
    </SiteShell>
  )
}
