// Seed content in a small Markdown subset, converted to Lexical rich text.
/**
 * Converts the small Markdown subset of seed content (paragraphs, `##`/`###`
 * headings, `-` and `1.` lists, **bold**, *italic*, `code`, [links](/path))
 * into the Lexical JSON that Payload's rich-text fields store, so editors
 * get ordinary editable rich text.
 */
type LexicalNode = Record<string, unknown>

const base = { format: '', indent: 0, version: 1 }

function textNode(text: string, format: number): LexicalNode {
  return { type: 'text', text, format, detail: 0, mode: 'normal', style: '', version: 1 }
}

const FORMAT = { bold: 1, italic: 2, code: 16 } as const

/** Inline Markdown → text and link nodes. */
export function inlineNodes(source: string): LexicalNode[] {
  const nodes: LexicalNode[] = []
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g
  let last = 0
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) nodes.push(textNode(source.slice(last, match.index), 0))
    const [, linkText, url, bold, italic, code] = match
    if (linkText !== undefined && url !== undefined) {
      nodes.push({
        ...base,
        type: 'link',
        direction: 'ltr',
        fields: { linkType: 'custom', url, newTab: /^https?:/.test(url) },
        children: inlineNodes(linkText),
      })
    } else if (bold !== undefined) nodes.push(textNode(bold, FORMAT.bold))
    else if (italic !== undefined) nodes.push(textNode(italic, FORMAT.italic))
    else if (code !== undefined) nodes.push(textNode(code, FORMAT.code))
    last = match.index + match[0].length
  }
  if (last < source.length) nodes.push(textNode(source.slice(last), 0))
  return nodes
}

function paragraph(text: string): LexicalNode {
  return { ...base, type: 'paragraph', direction: 'ltr', textFormat: 0, textStyle: '', children: inlineNodes(text) }
}

export function markdownToLexical(markdown: string) {
  const children: LexicalNode[] = []
  const lines = markdown.replace(/\r\n/g, '\n').split('\n')
  let paragraphLines: string[] = []
  let list: { type: 'bullet' | 'number'; start: number; items: string[] } | null = null

  const flushParagraph = () => {
    if (paragraphLines.length) children.push(paragraph(paragraphLines.join(' ')))
    paragraphLines = []
  }
  const flushList = () => {
    if (!list) return
    const { type, start, items } = list
    children.push({
      ...base,
      type: 'list',
      direction: 'ltr',
      listType: type,
      tag: type === 'bullet' ? 'ul' : 'ol',
      start,
      children: items.map((item, index) => ({
        ...base,
        type: 'listitem',
        direction: 'ltr',
        value: start + index,
        children: inlineNodes(item),
      })),
    })
    list = null
  }

  for (const raw of lines) {
    const line = raw.trim()
    const heading = /^(#{2,4})\s+(.*)$/.exec(line)
    const bullet = /^[-*]\s+(.*)$/.exec(line)
    const numbered = /^(\d+)[.)]\s+(.*)$/.exec(line)
    if (!line) {
      flushParagraph()
      flushList()
    } else if (heading) {
      flushParagraph()
      flushList()
      children.push({ ...base, type: 'heading', tag: `h${heading[1]!.length}`, direction: 'ltr', children: inlineNodes(heading[2]!) })
    } else if (bullet || numbered) {
      flushParagraph()
      const type = bullet ? 'bullet' : 'number'
      if (!list || list.type !== type) {
        flushList()
        list = { type, start: numbered ? Number(numbered[1]) : 1, items: [] }
      }
      list.items.push(bullet ? bullet[1]! : numbered![2]!)
    } else {
      flushList()
      paragraphLines.push(line)
    }
  }
  flushParagraph()
  flushList()
  return { root: { ...base, type: 'root', direction: 'ltr', children } }
}

/** Plain text of a Lexical document (for excerpts and the search index). */
export function lexicalToPlainText(value: unknown): string {
  const parts: string[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const record = node as { text?: unknown; children?: unknown[]; root?: unknown; type?: string }
    if (typeof record.text === 'string') parts.push(record.text)
    if (record.root) walk(record.root)
    if (Array.isArray(record.children)) {
      record.children.forEach(walk)
      if (record.type && record.type !== 'text' && record.type !== 'link') parts.push('\n')
    }
  }
  walk(value)
  return parts.join('').replace(/[ \t]+\n/g, '\n').replace(/\n{2,}/g, '\n').trim()
}
