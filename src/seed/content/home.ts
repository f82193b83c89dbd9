import ar from './home/ar.json'
import de from './home/de.json'
import en from './home/en.json'
import es from './home/es.json'
import fa from './home/fa.json'
import fi from './home/fi.json'
import fr from './home/fr.json'
import jp from './home/jp.json'
import ko from './home/ko.json'
import no from './home/no.json'
import pt from './home/pt.json'
import ru from './home/ru.json'
import sv from './home/sv.json'
import ua from './home/ua.json'
import zh from './home/zh.json'
import type { LocaleCode } from '@/i18n/locales'
import type { FeaturesBlock } from '@/payload-types'

export type HomeContent = typeof en

/** The home page as seeded, per translated locale; the others fall back to English. */
export const homeContent: Partial<Record<LocaleCode, HomeContent>> = {
  en,
  ru,
  es,
  fr,
  de,
  ua,
  pt,
  fa,
  ar,
  jp,
  zh,
  sv,
  fi,
  no,
  ko,
}

/** The blocks of the home page in one locale. */
export function homeLayout(content: HomeContent) {
  return [
    {
      blockType: 'hero' as const,
      eyebrow: content.hero.eyebrow,
      heading: content.hero.heading,
      text: content.hero.text,
      primaryLabel: content.hero.primaryLabel,
      primaryHref: '/order/pickup',
      secondaryLabel: content.hero.secondaryLabel,
      // The one seeded in-page anchor: down to the pricing cards below.
      secondaryHref: '#to_pricing',
      badges: content.hero.badges.map((text) => ({ text })),
    },
    {
      blockType: 'features' as const,
      heading: content.features.heading,
      intro: content.features.intro,
      items: content.features.items as FeaturesBlock['items'],
    },
    {
      blockType: 'pricingCards' as const,
      heading: content.pricing.heading,
      purchaseIds: ['vpn-1m', 'vpn-1y', 'vpn-3y'].map((id) => ({ id })),
      anchor: 'pricing',
    },
    { blockType: 'faq' as const, heading: content.faq.heading, items: content.faq.items },
    {
      blockType: 'callToAction' as const,
      heading: content.callToAction.heading,
      text: content.callToAction.text,
      buttonLabel: content.callToAction.buttonLabel,
      buttonHref: '/order/pickup',
      note: content.callToAction.note,
    },
  ]
}
