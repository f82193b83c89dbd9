import type { Block } from 'payload'

/** Filled from the Server locations collection when the page renders. */
export const ServersMapBlock: Block = {
  slug: 'serversMap',
  interfaceName: 'ServersMapBlock',
  labels: { singular: 'Servers map', plural: 'Servers map' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
  ],
}
