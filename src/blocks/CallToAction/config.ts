import type { Block } from 'payload'
import { linkFields } from '../fields'

export const CallToActionBlock: Block = {
  slug: 'callToAction',
  interfaceName: 'CallToActionBlock',
  labels: { singular: 'Call to action', plural: 'Calls to action' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    ...linkFields('button', true),
    { name: 'note', type: 'text' },
  ],
}
