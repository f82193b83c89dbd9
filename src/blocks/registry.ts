import type { Block } from 'payload'
import { CallToActionBlock } from './CallToAction/config'
import { ChildrenListingBlock } from './ChildrenListing/config'
import { ComparisonTableBlock } from './ComparisonTable/config'
import { ConnectionTestBlock } from './ConnectionTest/config'
import { DownloadsGridBlock } from './DownloadsGrid/config'
import { FaqBlock } from './Faq/config'
import { FeaturesBlock } from './Features/config'
import { HeroBlock } from './Hero/config'
import { ImageBlock } from './Image/config'
import { ImageWithTextBlock } from './ImageWithText/config'
import { MoneyBackBlock } from './MoneyBack/config'
import { NewsletterBlock } from './Newsletter/config'
import { PricingCardsBlock } from './PricingCards/config'
import { RegionBlock } from './Region/config'
import { RichTextBlock } from './RichText/config'
import { ServersListBlock } from './ServersList/config'
import { ServersMapBlock } from './ServersMap/config'
import { SignUpBlock } from './SignUp/config'
import { StepsBlock } from './Steps/config'
import { TestimonialsBlock } from './Testimonials/config'
import { anchorField } from './fields'
import type { LayoutBlock } from './types'

/**
 * The one list of content blocks. `RenderBlocks` maps every slug listed here
 * to its component; the type below makes a missing component a type error.
 */
export const blockConfigs: Block[] = withAnchors([
  HeroBlock,
  RichTextBlock,
  FeaturesBlock,
  CallToActionBlock,
  FaqBlock,
  TestimonialsBlock,
  PricingCardsBlock,
  ServersMapBlock,
  ServersListBlock,
  RegionBlock,
  DownloadsGridBlock,
  ImageBlock,
  ImageWithTextBlock,
  MoneyBackBlock,
  ComparisonTableBlock,
  StepsBlock,
  NewsletterBlock,
  ChildrenListingBlock,
  SignUpBlock,
  ConnectionTestBlock,
])

/** Every block gains the optional "Anchor" field (its `id` on the page). */
function withAnchors(blocks: Block[]): Block[] {
  return blocks.map((block) => ({ ...block, fields: [...block.fields, anchorField] }))
}

/** Slugs as Payload's generated types know them (`npm run generate:types` after editing this list). */
export type BlockSlug = LayoutBlock['blockType']
