// Unit tests of Markdown to Lexical conversion.
import { describe, expect, it } from 'vitest'
import { lexicalToPlainText, markdownToLexical } from './markdown'

describe('markdownToLexical', () => {
  it('converts headings, paragraphs, lists and inline marks', () => {
    const doc = markdownToLexical('## Set up\n\nOpen **Settings** and *choose*\na protocol.\n\n1. Install\n2. Connect [now](/downloads)\n\n- `wg0`')
    const [heading, paragraph, ordered, bullets] = doc.root.children as Record<string, unknown>[]
    expect(heading).toMatchObject({ type: 'heading', tag: 'h2' })
    expect(paragraph).toMatchObject({ type: 'paragraph' })
    expect((paragraph!.children as { text: string; format: number }[]).map((n) => [n.text, n.format])).toEqual([
      ['Open ', 0],
      ['Settings', 1],
      [' and ', 0],
      ['choose', 2],
      [' a protocol.', 0],
    ])
    expect(ordered).toMatchObject({ type: 'list', listType: 'number', tag: 'ol', start: 1 })
    const link = ((ordered!.children as Record<string, unknown>[])[1]!.children as Record<string, unknown>[])[1]
    expect(link).toMatchObject({ type: 'link', fields: { url: '/downloads', linkType: 'custom', newTab: false } })
    expect(bullets).toMatchObject({ type: 'list', listType: 'bullet' })
  })

  it('keeps the start number of a list that continues after other content', () => {
    const doc = markdownToLexical('4. Fourth\n5. Fifth')
    expect(doc.root.children[0]).toMatchObject({ start: 4 })
  })

  it('round-trips to plain text', () => {
    expect(lexicalToPlainText(markdownToLexical('## Title\n\nSome **bold** text.'))).toBe('Title\nSome bold text.')
  })
})
