import type { Block } from 'payload'
import type { LayoutBlock } from './types'
import { CallToActionBlock } from './CallToAction/config'
import { FaqBlock } from './Faq/config'
import { FeaturesBlock } from './Features/config'
import { HeroBlock } from './Hero/config'

/**
 * The one list of content blocks. `RenderBlocks` maps every slug listed here
 * to its component; the type below makes a missing component a type error.
 */
export const blockConfigs: Block[] = [HeroBlock, FeaturesBlock, CallToActionBlock, FaqBlock]

/** Slugs as Payload's generated types know them (`npm run generate:types` after editing this list). */
export type BlockSlug = LayoutBlock['blockType']
