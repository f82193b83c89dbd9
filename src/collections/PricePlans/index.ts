import type { CollectionConfig } from 'payload'
import { editorial } from '@/access'
import { paymentMethods } from '@/services/catalog/pricing'
import { revalidateEverything } from '../revalidate'
import { purchaseIdField, uniquePurchaseId } from '../purchaseIds'
import { moneyAdmin } from '@/lib/money'

/** The plan catalogue: pricing blocks name plans by purchase id; prices are resolved here on the server. */
export const PricePlans: CollectionConfig = {
  slug: 'price-plans',
  labels: { singular: 'Price plan', plural: 'Price plans' },
  admin: { useAsTitle: 'purchaseId', defaultColumns: ['purchaseId', 'title', 'cost', 'periodType', 'periodCount'], group: 'Commerce' },
  access: editorial,
  hooks: { beforeValidate: [uniquePurchaseId('add-ons')], afterChange: [revalidateEverything] },
  fields: [
    purchaseIdField,
    { name: 'product', type: 'select', required: true, options: ['vpn', 'pass', 'dns', 'authenticator', 'bundle'] },
    { name: 'title', type: 'text', localized: true, required: true },
    { name: 'description', type: 'textarea', localized: true },
    { name: 'cost', type: 'number', required: true, min: 0, admin: { ...moneyAdmin, description: 'Price in US cents, for the whole period' } },
    { name: 'periodType', type: 'select', required: true, options: ['day', 'week', 'month', 'year'] },
    { name: 'periodCount', type: 'number', required: true, min: 1, admin: { description: '100 years means lifetime' } },
    { name: 'highlight', type: 'checkbox', defaultValue: false },
    {
      type: 'row',
      fields: [
        {
          name: 'tier',
          type: 'select',
          defaultValue: 'standard',
          options: [
            { label: 'Standard', value: 'standard' },
            { label: 'Mono-defense', value: 'mono-defense' },
            { label: 'Secure duo', value: 'secure-duo' },
          ],
        },
        {
          name: 'audience',
          type: 'select',
          defaultValue: 'personal',
          options: [
            { label: 'Personal', value: 'personal' },
            { label: 'Family', value: 'family' },
            { label: 'Team', value: 'team' },
          ],
        },
        { name: 'members', type: 'number', defaultValue: 1, min: 1, max: 100, admin: { description: 'Family 5; team 5, 10 or 20' } },
        { name: 'devices', type: 'number', defaultValue: 10, min: 1, max: 100, admin: { description: 'Devices connected at once' } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'renewalCost', type: 'number', min: 0, admin: { ...moneyAdmin, description: 'US cents for every later period; empty = the first price' } },
        { name: 'firstPeriodMonths', type: 'number', min: 1, max: 60, admin: { description: 'A longer first period (15 for “15 months, then every 12”)' } },
        {
          name: 'trialDays',
          type: 'number',
          admin: { description: 'Free trial (7 or 30 days): nothing is charged now' },
          validate: (value: unknown) => value === null || value === undefined || value === 7 || value === 30 || 'A trial lasts 7 or 30 days',
        },
        {
          name: 'rollsInto',
          type: 'relationship',
          relationTo: 'price-plans',
          admin: { description: 'The plan charged when the trial ends', condition: (data) => Boolean(data?.trialDays) },
        },
      ],
    },
    {
      name: 'methods',
      type: 'select',
      hasMany: true,
      defaultValue: ['card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall'],
      options: paymentMethods.map((method) => ({ label: method, value: method })),
      admin: { description: 'Trials: card and PayPal only' },
      validate: (value: unknown, { siblingData }: { siblingData: { trialDays?: number | null } }) =>
        !siblingData?.trialDays || (Array.isArray(value) && value.every((method) => method === 'card' || method === 'paypal')) || 'Trials take card and PayPal only',
    },
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
