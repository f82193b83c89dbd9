import type { CollectionConfig, FieldHook } from 'payload'
import { ValidationError } from 'payload'
import { isAdmin } from '@/access'
import { pickerViews } from '@/lib/app-routes'
import { announceRouting } from '../revalidate'
import { EXPERIMENT_NAME } from '@/services/experiments/assign'
import { experimentResults } from '@/services/experiments/events'

const results: FieldHook = async ({ data, req }) => (data?.id ? experimentResults(req.payload, Number(data.id), data.variants ?? []) : [])

/**
 * A/B tests of the plan picker: the active experiment decides which picker view `/order/pickup`
 * shows, by the visitor's cookie `exp_<name>` (spec section 4). Admins only. Only one experiment
 * may be active at a time; the edit view shows each variant's exposures, purchases and conversion.
 */
export const Experiments: CollectionConfig = {
  slug: 'experiments',
  labels: { singular: 'Experiment', plural: 'Experiments' },
  admin: { group: 'Commerce', useAsTitle: 'name', defaultColumns: ['name', 'active', 'updatedAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    // The proxy's experiment lookup and the cached picker pages follow at once.
    afterChange: [announceRouting(() => ['/order/pickup']).afterChange],
    afterDelete: [announceRouting(() => ['/order/pickup']).afterDelete],
    beforeValidate: [
      async ({ data, req, originalDoc }) => {
        if (!data?.active) return data
        const others = await req.payload.find({
          collection: 'experiments',
          where: { and: [{ active: { equals: true } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
          limit: 1,
          depth: 0,
          overrideAccess: true,
          req,
        })
        if (others.docs[0]) {
          throw new ValidationError({ collection: 'experiments', errors: [{ path: 'active', message: `“${others.docs[0].name}” is active; end it first` }] })
        }
        return data
      },
    ],
  },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lower-case letters, digits and -; the cookie is exp_<name>. Changing it starts everyone afresh.' },
      validate: (value: unknown) => (typeof value === 'string' && EXPERIMENT_NAME.test(value)) || 'Lower-case letters, digits and - (up to 40)',
    },
    { name: 'active', type: 'checkbox', defaultValue: false, index: true, admin: { description: 'The active experiment applies to /order/pickup' } },
    {
      name: 'variants',
      type: 'array',
      required: true,
      minRows: 2,
      maxRows: 5,
      admin: { description: 'A visitor keeps their variant (by its position) for 60 days' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'label', type: 'text', required: true },
            { name: 'weight', type: 'number', required: true, min: 0, defaultValue: 50 },
            { name: 'view', type: 'select', required: true, defaultValue: 'pickup', options: pickerViews.map((view) => ({ label: `/order/${view}`, value: view })) },
          ],
        },
      ],
    },
    {
      name: 'results',
      type: 'json',
      virtual: true,
      admin: { readOnly: true, components: { Field: '@/collections/Experiments/Results#Results' } },
      hooks: { afterRead: [results] },
    },
  ],
}
