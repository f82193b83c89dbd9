import type { GlobalConfig } from 'payload'
import { anyone, isAdmin } from '@/access'
import { refreshAllPages } from './refresh'

export const variantViews = ['pickup-b', 'pickup-c', 'pickup-d', 'pickup-e'] as const
export const cardVariants = ['per-month', 'total'] as const

/**
 * The picker variants `/order/pickup-b` … `-e` (experiments): which plans each sells, which is
 * pre-selected, how its cards show the price (per month or the total) and an intro under the
 * heading, per locale. `/order/pickup` itself takes its plans from its CMS page.
 */
export const Picker: GlobalConfig = {
  slug: 'picker',
  label: 'Plan picker variants',
  admin: { group: 'Commerce' },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [refreshAllPages] },
  fields: [
    {
      name: 'views',
      type: 'array',
      labels: { singular: 'Variant', plural: 'Variants' },
      admin: { description: 'One row per variant route; a variant without a row sells the /order/pickup plans.' },
      validate: (value: unknown) => {
        const views = Array.isArray(value) ? value.map((row: { view?: string }) => row?.view) : []
        return new Set(views).size === views.length || 'Each variant may appear once'
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'view', type: 'select', required: true, options: variantViews.map((view) => ({ label: `/order/${view}`, value: view })) },
            {
              name: 'cardVariant',
              type: 'select',
              required: true,
              defaultValue: 'per-month',
              options: [
                { label: 'Big price per month', value: 'per-month' },
                { label: 'Big total price', value: 'total' },
              ],
            },
          ],
        },
        { name: 'intro', type: 'text', localized: true, admin: { description: 'Shown under “Choose your plan”' } },
        {
          name: 'emailOptional',
          type: 'checkbox',
          defaultValue: false,
          admin: { description: 'Sell without an e-mail: checkout lets the address stay empty, and such a purchase makes an account with a number and a one-time secret' },
        },
        { name: 'plans', type: 'relationship', relationTo: 'price-plans', hasMany: true, required: true, minRows: 1, maxRows: 6 },
        { name: 'defaultPlan', type: 'relationship', relationTo: 'price-plans', admin: { description: 'Pre-selected; empty: the highlighted plan' } },
      ],
    },
  ],
}
