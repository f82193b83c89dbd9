import type { Block } from 'payload'

/** Filled from the Server locations collection when the page renders. */
export const RegionBlock: Block = {
  slug: 'region',
  interfaceName: 'RegionBlock',
  labels: { singular: 'Static IP regions', plural: 'Static IP regions' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
  ],
}
