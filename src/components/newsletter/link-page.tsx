// What the newsletter's link pages (confirm, unsubscribe) share: reading the link, the frame, the bad-link state.
import type { ReactNode } from 'react'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SiteShell } from '@/components/layout/SiteShell'
import { defaultLocale, isLocaleCode, type LocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { securityNow } from '@/lib/clock'
import { payloadClient } from '@/services/content/payload'
import { subscriberByToken } from '@/services/newsletter/subscribers'

export type LinkPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

/** The page's locale and texts, whether the form came back (`?done=1`), and the subscriber the link's token names. */
export async function readLinkPage({ params, searchParams }: LinkPageProps, purpose: 'confirm' | 'unsubscribe') {
  const { locale: raw } = await params
  const locale: LocaleCode = isLocaleCode(raw) ? raw : defaultLocale
  setRequestLocale(locale)
  const t = await getTranslations('Newsletter')
  const query = await searchParams
  const done = query.done === '1'
  const token = typeof query.token === 'string' ? query.token : null
  const subscriber = !done && token ? await subscriberByToken(await payloadClient(), token, purpose, securityNow()) : null
  return { locale, t, done, token, subscriber }
}

/** The frame of a link page: the site's shell and the heading. */
export function LinkPage({ locale, path, title, children }: { locale: LocaleCode; path: string; title: string; children: ReactNode }) {
  return (
    <SiteShell locale={locale} path={path}>
      <section className="container-site max-w-2xl py-12">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        {children}
      </section>
    </SiteShell>
  )
}

/** A link without a token, or with a bad or unknown one: what happened, and the way home. */
export function BadLink({ locale, text, home }: { locale: LocaleCode; text: string; home: string }) {
  return (
    <>
      <p className="mt-4 text-lg" data-invalid>
        {text}
      </p>
      <a href={localizePath(locale, '/')} className="mt-8 inline-block font-medium text-brand-700 underline underline-offset-2">
        {home}
      </a>
    </>
  )
}
