import type { ReactNode } from 'react'
import { localizePath } from '@/i18n/paths'

type Props = { href: string; locale: string; className?: string; children: ReactNode }

/**
 * A link from CMS content: internal paths get the locale prefix, other URLs are left alone. A plain
 * server-rendered `<a>`: the site-behaviours island turns a click on any internal link into a
 * client navigation and prefetches it on hover or focus.
 */
export function SmartLink({ href, locale, className, children }: Props) {
  const internal = href.startsWith('/') && !href.startsWith('//')
  return (
    <a href={internal ? localizePath(locale, href) : href} className={className}>
      {children}
    </a>
  )
}
