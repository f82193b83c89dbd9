import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { revalidateEverything } from '../revalidate'
import { purchaseIdField, uniquePurchaseId } from '../purchaseIds'
import { moneyAdmin } from '@/lib/money'

export const addOnKinds = ['device-slots', 'personal-server', 'static-ip'] as const
export const trafficOptions = ['unlimited', '512gb', '1tb', '2tb', '3tb'] as const
export const addOnBillings = ['monthly', 'yearly', 'lifetime'] as const

/**
 * Extras bought with a plan: device slots, a personal server, a personal static IP. Monthly
 * add-ons go with plans billed in months, yearly ones with yearly plans, lifetime ones with
 * lifetime plans (the pricing module multiplies them by the plan's length).
 */
export const AddOns: CollectionConfig = {
  slug: 'add-ons',
  labels: { singular: 'Add-on', plural: 'Add-ons' },
  admin: { useAsTitle: 'purchaseId', defaultColumns: ['purchaseId', 'title', 'kind', 'billing', 'cost', 'active'], group: 'Commerce' },
  access: editorial,
  hooks: { beforeValidate: [uniquePurchaseId('price-plans')], afterChange: [revalidateEverything] },
  fields: [
    purchaseIdField,
    {
      type: 'row',
      fields: [
        {
          name: 'kind',
          type: 'select',
          required: true,
          options: [
            { label: 'Extra device slots', value: 'device-slots' },
            { label: 'Personal server', value: 'personal-server' },
            { label: 'Personal static IP', value: 'static-ip' },
          ],
        },
        { name: 'billing', type: 'select', required: true, options: addOnBillings.map((value) => ({ label: value, value })) },
        {
          name: 'quantity',
          type: 'number',
          defaultValue: 1,
          admin: { description: 'Device slots: 1, 5 or 10' },
          validate: (value: unknown) => value === null || value === undefined || value === 1 || value === 5 || value === 10 || 'A quantity of 1, 5 or 10',
        },
        {
          name: 'traffic',
          type: 'select',
          options: [
            { label: 'Unlimited', value: 'unlimited' },
            { label: '512 GB a month', value: '512gb' },
            { label: '1 TB a month', value: '1tb' },
            { label: '2 TB a month', value: '2tb' },
            { label: '3 TB a month', value: '3tb' },
          ],
          admin: { description: 'Personal servers only', condition: (data) => data?.kind === 'personal-server' },
          validate: (value: unknown, { siblingData }: { siblingData: { kind?: string } }) =>
            siblingData?.kind !== 'personal-server' || Boolean(value) || 'A personal server needs its traffic',
        },
      ],
    },
    { name: 'title', type: 'text', localized: true, required: true },
    { name: 'description', type: 'textarea', localized: true },
    {
      type: 'row',
      fields: [
        { name: 'cost', type: 'number', required: true, min: 0, admin: { ...moneyAdmin, description: 'US cents for one billing period (lifetime: once)' } },
        { name: 'renewalCost', type: 'number', min: 0, admin: { ...moneyAdmin, description: 'US cents for every later period; empty = the first price' } },
      ],
    },
    { name: 'highlight', type: 'checkbox', defaultValue: false },
    {
      type: 'row',
      fields: [
        { name: 'stripePriceId', type: 'text', admin: { description: 'Optional: a Stripe Price (price_…) this is billed at; empty: Stripe gets the price from here' } },
        { name: 'stripeProductId', type: 'text', admin: { readOnly: true, description: 'The Stripe Product made for it on its first Stripe subscription' } },
      ],
    },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true, admin: { description: 'Off: not sold, not shown' } },
  ],
}
