'use client'

import { useErrorTexts } from '@/components/layout/errorTexts'
import { localizePath } from '@/i18n/paths'
import { brand } from '@/lib/brand'

/** The server-error page: try again, or reach support (the chat when `SUPPORT_CHAT_URL` is set, else e-mail). */
export default function ServerError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { texts: t, locale, support } = useErrorTexts()
  // The locale layout provides the texts; without it, the home link until they arrive.
  if (!t)
    return (
      <main id="main" className="container-site flex min-h-[60vh] items-center justify-center py-20">
        <a href={localizePath(locale, '/')} className="btn-outline px-7 py-3 text-base">
          {brand.name}
        </a>
      </main>
    )
  return (
    <main id="main" className="container-site flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">{t.title}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{t.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary px-7 py-3 text-base" onClick={() => reset()}>
          {t.tryAgain}
        </button>
        <a href={localizePath(locale, '/')} className="btn-outline px-7 py-3 text-base">
          {t.goHome}
        </a>
      </div>
      <p className="mt-6 text-sm text-muted">
        {t.contactPrompt}{' '}
        {/* The support chat in a new window when SUPPORT_CHAT_URL is set, else an e-mail (as the general error modal). */}
        <a href={support?.href ?? `mailto:${brand.supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2" {...(support?.chat ? { target: '_blank', rel: 'noopener' } : {})}>
          {t.contactUs}
        </a>
      </p>
    </main>
  )
}
