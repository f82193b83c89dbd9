import { getTranslations } from 'next-intl/server'
import { Icon } from '@/components/ui/Icon'
import { Logo } from '@/components/ui/Logo'
import { getLocale, toggleLocales } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { getStartedPath } from '@/lib/brand'
import type { RouteFlags } from '@/lib/route-flags'
import { pathFeatures } from '@/lib/route-flags'
import { HeaderNav, type NavEntry } from './HeaderNav.client'
import { LocaleToggle } from './LocaleToggle.client'
import { navigation } from './navigation'

type Props = { locale: string; path: string; flags: RouteFlags }

export async function Header({ locale, path, flags }: Props) {
  const t = await getTranslations('Header')
  const nav = await getTranslations('Navigation')
  const features = pathFeatures(path)
  const href = (target: string) => localizePath(locale, target)

  const items: NavEntry[] = navigation
    .filter((item) => item.key !== 'downloads' || features.downloadsItem)
    .map((item) => ({
      label: nav(item.key as never),
      href: href(item.href),
      submenu: item.submenu?.map((link) => ({ label: nav(link.key as never), href: href(link.href) })),
      groups: item.groups?.map((group) => ({
        label: nav(group.key as never),
        links: group.links.map((link) => ({ label: nav(link.key as never), href: href(link.href) })),
      })),
    }))

  const current = getLocale(locale)
  const getStarted = { label: t('getStarted'), href: href(getStartedPath()) }
  const logo = <Logo className="text-white" />

  return (
    <header className="relative z-40 bg-brand-950 text-white">
      <div className="container-site flex h-16 items-center gap-2 md:gap-4">
        {features.logoLinksHome ? (
          <a href={href('/')} aria-label={t('home')} className="shrink-0 rounded-lg">
            {logo}
          </a>
        ) : (
          <span className="shrink-0">{logo}</span>
        )}
        {flags.navigation && (
          <HeaderNav
            items={items}
            getStarted={getStarted}
            labels={{
              navigation: t('mainNavigation'),
              openMenu: t('openMenu'),
              closeMenu: t('closeMenu'),
              showSubmenu: items.map((item) => t('showSubmenu', { item: item.label })),
            }}
          />
        )}
        <div className="ms-auto flex items-center gap-1 md:gap-2">
          {features.myAccountLink && (
            <a
              href={href('/my-account')}
             
              className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-white/90 hover:bg-white/10"
            >
              <Icon name="user" className="size-5" />
              <span className="hidden sm:inline">{t('myAccount')}</span>
              <span className="sr-only sm:hidden">{t('myAccount')}</span>
            </a>
          )}
          {flags.localeSwitcher && (
            <LocaleToggle
              current={{ code: current.code, label: current.label }}
              options={toggleLocales(locale).map((option) => ({
                code: option.code,
                label: option.label,
                tag: option.tag,
                // `/en/...` is English's language-switch path: it stores the choice, then drops the prefix.
                href: `/${option.code}${path === '/' ? '' : path}`,
              }))}
              labels={{ button: t('language', { language: current.label }), list: t('chooseLanguage') }}
            />
          )}
          <a
            href={getStarted.href}
           
            className={`btn-accent ${flags.navigation ? 'hidden md:inline-flex' : ''}`}
          >
            {getStarted.label}
          </a>
        </div>
      </div>
    </header>
  )
}
