'use client'

import { useEffect, useRef } from 'react'
import { platformFromUserAgent } from '@/services/downloads/platform'
import type { DownloadOffer, SignUpTexts } from './sign-up-types'

type Props = { email: string; texts: SignUpTexts; downloads?: DownloadOffer[] }

/**
 * After sign-up: "check your inbox" with the address, focused so it is read out, and for the
 * download variant the app for the visitor's platform first, the others after it.
 */
export function SignUpDone({ email, texts, downloads }: Props) {
  const heading = useRef<HTMLHeadingElement | null>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  const platform = downloads?.length ? platformFromUserAgent(navigator.userAgent) : null
  const offered = downloads?.find((entry) => entry.platform === platform) ?? downloads?.[0]
  const others = downloads?.filter((entry) => entry !== offered) ?? []
  return (
    <div className="grid max-w-md gap-4" data-sign-up-done>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {texts.checkInbox}
      </h2>
      <p className="text-muted">{texts.sentTo.replace('{email}', email)}</p>
      {offered && (
        <div className="grid gap-3" data-download-offer={offered.platform}>
          <a href={offered.href} className="btn-primary w-fit px-6 py-3" {...(offered.external ? { rel: 'noopener' } : {})} {...(offered.download ? { download: '' } : {})}>
            {texts.downloadFor.replace('{platform}', offered.name)}
          </a>
          {others.length > 0 && (
            <>
              <h3 className="text-sm font-semibold">{texts.otherPlatforms}</h3>
              <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {others.map((entry) => (
                  <li key={entry.platform}>
                    <a
                      href={entry.href}
                      className="font-medium text-brand-700 underline underline-offset-2"
                      {...(entry.external ? { rel: 'noopener' } : {})}
                      {...(entry.download ? { download: '' } : {})}
                    >
                      {entry.name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  )
}
