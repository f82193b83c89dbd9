import type { ComponentType } from 'react'
import { FaqJsonLd } from '@/components/seo/JsonLd'
import type { BlockSlug } from './registry'
import { CallToAction } from './CallToAction/Component'
import { ChildrenListing } from './ChildrenListing/Component'
import { ComparisonTable } from './ComparisonTable/Component'
import { ConnectionTest } from './ConnectionTest/Component'
import { DownloadsGrid } from './DownloadsGrid/Component'
import { Faq } from './Faq/Component'
import { Features } from './Features/Component'
import { Hero } from './Hero/Component'
import { ImageSection } from './Image/Component'
import { ImageWithText } from './ImageWithText/Component'
import { MoneyBack } from './MoneyBack/Component'
import { Newsletter } from './Newsletter/Component'
import { PricingCards } from './PricingCards/Component'
import { Region } from './Region/Component'
import { RichTextSection } from './RichText/Component'
import { ServersList } from './ServersList/Component'
import { ServersMap } from './ServersMap/Component'
import { SignUp } from './SignUp/Component'
import { Steps } from './Steps/Component'
import { Testimonials } from './Testimonials/Component'
import type { BlockContext, BlockProps, LayoutBlock } from './types'

/** Every slug of the registry maps to its component; a missing one fails the type check. */
const components: { [S in BlockSlug]: ComponentType<BlockProps<S>> } = {
  hero: Hero,
  richText: RichTextSection,
  features: Features,
  callToAction: CallToAction,
  faq: Faq,
  testimonials: Testimonials,
  pricingCards: PricingCards,
  serversMap: ServersMap,
  serversList: ServersList,
  region: Region,
  downloadsGrid: DownloadsGrid,
  image: ImageSection,
  imageWithText: ImageWithText,
  moneyBack: MoneyBack,
  comparisonTable: ComparisonTable,
  steps: Steps,
  newsletter: Newsletter,
  childrenListing: ChildrenListing,
  signUp: SignUp,
  connectionTest: ConnectionTest,
}

export function RenderBlocks({ blocks, context }: { blocks: LayoutBlock[] | null | undefined; context: BlockContext }) {
  if (!blocks?.length) return null
  return (
    <>
      {blocks.map((block, index) => {
        const Component = components[block.blockType] as ComponentType<{ block: LayoutBlock; locale: string; context: BlockContext }> | undefined
        if (!Component) return null
        const rendered = <Component key={block.id ?? index} block={block} locale={context.locale} context={context} />
        // An editor's "Anchor" makes the block a `#to_{anchor}` target.
        const anchor = block.anchor
        return anchor ? (
          <div key={block.id ?? index} id={anchor}>
            {rendered}
          </div>
        ) : (
          rendered
        )
      })}
      <FaqJsonLd blocks={blocks} />
    </>
  )
}
