import type { Block } from 'payload'

/** Cards for plans named by purchase id; prices come from the Price plans catalogue when the page renders. */
export const PricingCardsBlock: Block = {
  slug: 'pricingCards',
  interfaceName: 'PricingCardsBlock',
  labels: { singular: 'Pricing cards', plural: 'Pricing cards' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'intro', type: 'textarea' },
    { name: 'variant', type: 'select', defaultValue: 'default', options: ['default', 'compact'] },
    { name: 'purchaseIds', type: 'array', minRows: 1, fields: [{ name: 'id', type: 'text', required: true }] },
  ],
}
