import type { Block } from 'payload'
import { linkFields } from '../fields'

export const ImageWithTextBlock: Block = {
  slug: 'imageWithText',
  interfaceName: 'ImageWithTextBlock',
  labels: { singular: 'Image with text', plural: 'Images with text' },
  fields: [
    { name: 'image', type: 'upload', relationTo: 'media', required: true },
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    { name: 'imagePosition', type: 'select', defaultValue: 'start', options: ['start', 'end'] },
    ...linkFields('link'),
  ],
}
