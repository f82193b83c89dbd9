import type { ComponentType } from 'react'
import type { BlockSlug } from './registry'
import { CallToAction } from './CallToAction/Component'
import { Faq } from './Faq/Component'
import { Features } from './Features/Component'
import { Hero } from './Hero/Component'
import type { BlockProps, LayoutBlock } from './types'

/** Every slug of the registry maps to its component; a missing one fails the type check. */
const components: { [S in BlockSlug]: ComponentType<BlockProps<S>> } = {
  hero: Hero,
  features: Features,
  callToAction: CallToAction,
  faq: Faq,
}

export function RenderBlocks({ blocks, locale }: { blocks: LayoutBlock[] | null | undefined; locale: string }) {
  if (!blocks?.length) return null
  return (
    <>
      {blocks.map((block, index) => {
        const Component = components[block.blockType] as ComponentType<{ block: LayoutBlock; locale: string }> | undefined
        if (!Component) return null
        return <Component key={block.id ?? index} block={block} locale={locale} />
      })}
    </>
  )
}
