import type { Block } from 'payload'

/** Filled from the Server locations collection when the page renders. */
export const ServersListBlock: Block = {
  slug: 'serversList',
  interfaceName: 'ServersListBlock',
  labels: { singular: 'Servers list', plural: 'Servers list' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
  ],
}
