import type { Block } from 'payload'

export const ChildrenListingBlock: Block = {
  slug: 'childrenListing',
  interfaceName: 'ChildrenListingBlock',
  labels: { singular: 'Children listing', plural: 'Children listings' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'source', type: 'select', required: true, defaultValue: 'children', options: ['posts', 'help', 'children'] },
    { name: 'parentPath', type: 'text', admin: { description: 'For help and children: list what is under this path' } },
    { name: 'perPage', type: 'number', defaultValue: 12, min: 1, max: 100 },
  ],
}
