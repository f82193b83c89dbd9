import type { Block } from 'payload'

export const MoneyBackBlock: Block = {
  slug: 'moneyBack',
  interfaceName: 'MoneyBackBlock',
  labels: { singular: 'Money-back guarantee', plural: 'Money-back guarantees' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
  ],
}
