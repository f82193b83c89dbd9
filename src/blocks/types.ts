import type { Page } from '@/payload-types'

/** One block of a page's layout, narrowed by its slug. */
export type LayoutBlock = NonNullable<Page['layout']>[number]
export type BlockOf<S extends LayoutBlock['blockType']> = Extract<LayoutBlock, { blockType: S }>

/** Where a block is rendered: the page's locale, its path and, for listings, the page number. */
export type BlockContext = { locale: string; path: string; pageNumber: number }

/** Every block component gets its data and the page's context. */
export type BlockProps<S extends LayoutBlock['blockType']> = { block: BlockOf<S>; locale: string; context: BlockContext }
