import type { Page } from '@/payload-types'

/** One block of a page's layout, narrowed by its slug. */
export type LayoutBlock = NonNullable<Page['layout']>[number]
export type BlockOf<S extends LayoutBlock['blockType']> = Extract<LayoutBlock, { blockType: S }>

/** Every block component gets its data and the page's locale (for link prefixes and formatting). */
export type BlockProps<S extends LayoutBlock['blockType']> = { block: BlockOf<S>; locale: string }
