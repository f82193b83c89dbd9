import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Checkout, type CheckoutTexts } from '@/components/order/checkout/Checkout.client'
import { SiteShell } from '@/components/layout/SiteShell'
import { getLocale, locales, pageLocale } from '@/i18n/locales'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { pageMetadata } from '@/lib/seo'
import { sold } from '@/services/catalog/catalog'
import { payloadClient } from '@/services/content/payload'
import { pickerData } from '@/services/purchase-flow/picker'

type Props = { params: Promise<{ locale: string }> }

// One render per locale, then served from the cache; the island reads the selection from the URL.
export const revalidate = 3600
export const dynamicParams = true
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'Checkout' })
  // The same page for every visitor (the island reads the selection from the URL, and nothing
  // personal is in it), translated into every locale: indexable, as spec section 2 noindexes only
  // fallback and marked pages. Its canonical is the address without the selection.
  return pageMetadata({ locale, path: '/order/checkout', title: t('heading'), description: t('noSpam'), noIndex: false, translated: locales.map((entry) => entry.code) })
}

/** A country's ISO code for a locale's region (`de-DE` → DE), for the country select's first choice. */
const regionOf = (tag: string) => /-([A-Z]{2})$/.exec(tag)?.[1] ?? 'US'

export default async function CheckoutRoute({ params }: Props) {
  const locale = await pageLocale(params)
  setRequestLocale(locale)
  const [t, blocks, errors] = await Promise.all([getTranslations('Checkout'), getTranslations('Blocks'), getTranslations('Errors')])
  const payload = await payloadClient()
  const [plans, addOns] = await Promise.all([
    payload.find({ collection: 'price-plans', where: sold, depth: 0, limit: 200, pagination: false, select: { purchaseId: true } }),
    payload.find({ collection: 'add-ons', where: sold, locale: locale as never, depth: 0, limit: 200, pagination: false, select: { purchaseId: true, title: true } }),
  ])
  const data = await pickerData(payload, { planIds: plans.docs.map((plan) => plan.purchaseId), locale, now: now(), t: blocks })
  const tag = getLocale(locale).tag
  const names = new Intl.DisplayNames([tag], { type: 'region' })
  const collator = new Intl.Collator(tag)
  // Every ISO 3166 alpha-2 code that Intl names.
  const codes: string[] = []
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) codes.push(String.fromCharCode(a, b))
  const countries = codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .filter((entry) => entry.name !== entry.code && !/^(?:Unknown|[A-Z]{2})$/.test(entry.name) && !['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AA'].includes(entry.code) && !/^X[A-Z]$/.test(entry.code))
    .sort((x, y) => collator.compare(x.name, y.name))
  const keys = ['summaryHeading', 'changePlan', 'total', 'renews', 'oneTime', 'emailLabel', 'invalidEmail', 'required', 'marketingConsent', 'noSpam', 'methodLegend', 'methodCard', 'methodPaypal', 'methodPaymentwall', 'methodRedirect', 'methodInvoice', 'walletApple', 'walletGeneric', 'cardLegend', 'cardName', 'cardNumber', 'cardExpiry', 'cardCvc', 'country', 'address', 'city', 'postalCode', 'pay', 'paying', 'hintEmailAndMethod', 'hintEmailAndCard', 'hintEmail', 'hintMethod', 'hintCard', 'hintEmailOptional', 'bonusToggle', 'bonusLabel', 'bonusApply', 'stepsLabel', 'stagePricing', 'stageSuccess', 'stageFailed', 'receiptTo', 'orderNotFound', 'trialEnds', 'tryAgain', 'passwordLabel', 'passwordHint', 'termsLabel', 'signInToggle', 'signIn', 'signedInAs', 'signOut', 'addedTo', 'backToAccount', 'extrasEnded', 'extrasTrial', 'extrasRenewing', 'extrasNotAvailable', 'extrasOwned'] as const
  const texts = Object.fromEntries(keys.map((key) => [key, key === 'renews' ? t(key, { price: '{price}', date: '{date}' }) : key === 'trialEnds' ? t(key, { date: '{date}' }) : key === 'pay' ? t(key, { total: '{total}' }) : key === 'receiptTo' || key === 'signedInAs' ? t(key, { email: '{email}' }) : key === 'methodRedirect' || key === 'methodInvoice' ? t(key, { provider: '{provider}' }) : key === 'addedTo' ? t(key, { plan: '{plan}', date: '{date}' }) : t(key)])) as Omit<CheckoutTexts, 'addOnLabels' | 'genericError' | 'errors'>
  const formErrors = Object.fromEntries((['REQUIRED', 'PASSWORD_WHITESPACE', 'PASSWORD_ASCII', 'INVALID_INPUT', 'TERMS_AGREE'] as const).map((code) => [code, errors(code)])) as CheckoutTexts['errors']
  const addOnLabels = Object.fromEntries(addOns.docs.map((addOn) => [addOn.purchaseId, addOn.title]))
  return (
    <SiteShell locale={locale} path="/order/checkout">
      {/* Next's scripts load when the visitor shows (decision 014, amended); a query (the selection,
          an order) or a signed-in session loads them at once, as the form shows those. */}
      <section className="container-site py-12" data-hydrate="demand" data-hydrate-now="search session">
        <h1 className="text-4xl font-extrabold tracking-tight">{t('heading')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('secureLead')}</p>
        <Checkout locale={locale} data={data} texts={{ ...texts, genericError: errors('undefinedError'), errors: formErrors, addOnLabels }} countries={countries} defaultCountry={regionOf(tag)} sandboxWallets={env().SANDBOX_WALLETS === 'available'} />
      </section>
    </SiteShell>
  )
}
