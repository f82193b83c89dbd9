import type { Block } from 'payload'
import { appPlatforms } from '@/services/downloads/apps'

export const DownloadsGridBlock: Block = {
  slug: 'downloadsGrid',
  interfaceName: 'DownloadsGridBlock',
  labels: { singular: 'Downloads grid', plural: 'Downloads grids' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'platforms', type: 'select', hasMany: true, required: true, options: [...appPlatforms] },
  ],
}
