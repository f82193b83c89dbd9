import type { Block } from 'payload'
import { linkFields } from '../fields'

export const HeroBlock: Block = {
  slug: 'hero',
  interfaceName: 'HeroBlock',
  labels: { singular: 'Hero', plural: 'Heroes' },
  fields: [
    { name: 'eyebrow', type: 'text' },
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    ...linkFields('primary'),
    ...linkFields('secondary'),
    { name: 'badges', type: 'array', fields: [{ name: 'text', type: 'text', required: true }] },
  ],
}
