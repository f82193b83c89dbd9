import { getTranslations } from 'next-intl/server'
import Link from 'next/link'
import { localizePath } from '@/i18n/paths'

/** The crypto-rewards mini-banner; the shell shows it only inside its window and where the route allows. */
export async function RewardsBanner({ locale }: { locale: string }) {
  const t = await getTranslations('RewardsBanner')
  return (
    <aside aria-label={t('text')} className="bg-accent-400 text-brand-950">
      <p className="container-site flex flex-wrap items-center justify-center gap-x-3 py-2 text-sm font-medium">
        {t('text')}
        <Link href={localizePath(locale, '/order/pickup')} prefetch={false} className="underline underline-offset-2">
          {t('cta')}
        </Link>
      </p>
    </aside>
  )
}
