import { markdownToLexical } from '@/services/content/markdown'

type SeedBlock = { blockType: string; markdown?: string; [key: string]: unknown }

/** Seed blocks are written with Markdown for rich text; Payload stores Lexical JSON. */
export function seedLayout(blocks: SeedBlock[] | undefined) {
  return (blocks ?? []).map(({ markdown, ...block }) =>
    block.blockType === 'richText' ? { ...block, content: markdownToLexical(markdown ?? '') } : block,
  )
}
