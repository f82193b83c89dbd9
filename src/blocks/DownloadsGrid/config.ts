import type { Block } from 'payload'
import { appPlatforms } from '@/services/downloads/apps'
import { appProducts, productNames } from '@/services/downloads/releases'

export const DownloadsGridBlock: Block = {
  slug: 'downloadsGrid',
  interfaceName: 'DownloadsGridBlock',
  labels: { singular: 'Downloads grid', plural: 'Downloads grids' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    {
      name: 'product',
      type: 'select',
      defaultValue: 'vpn',
      options: appProducts.map((value) => ({ label: productNames[value], value })),
      admin: { description: 'Whose apps: their current releases (admin → Downloads → App releases).' },
    },
    { name: 'platforms', type: 'select', hasMany: true, required: true, options: [...appPlatforms] },
  ],
}
