import Link from 'next/link'
import type { ReactNode } from 'react'
import { localizePath } from '@/i18n/paths'

type Props = { href: string; locale: string; className?: string; children: ReactNode }

/** A link from CMS content: internal paths get the locale prefix, other URLs are left alone. */
export function SmartLink({ href, locale, className, children }: Props) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={localizePath(locale, href)} prefetch={false} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  )
}
