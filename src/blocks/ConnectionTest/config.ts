import type { Block } from 'payload'

/** The connection test (the visitor's address, IPv4, IPv6, WebRTC and DNS leaks) under a heading and an intro; any page may carry it. */
export const ConnectionTestBlock: Block = {
  slug: 'connectionTest',
  interfaceName: 'ConnectionTestBlock',
  labels: { singular: 'Connection test', plural: 'Connection tests' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'intro', type: 'textarea' },
  ],
}
