import type { Block } from 'payload'

export const StepsBlock: Block = {
  slug: 'steps',
  interfaceName: 'StepsBlock',
  labels: { singular: 'Steps', plural: 'Steps' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'items', type: 'array', minRows: 1, fields: [{ name: 'title', type: 'text', required: true }, { name: 'text', type: 'textarea' }] },
  ],
}
