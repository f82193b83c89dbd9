import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { subscriptionStatuses } from '@/services/subscriptions/states'
import { moneyAdmin } from '@/lib/money'

/**
 * What a paid order (or a redeemed gift code) entitles its customer to: the plan and its add-ons
 * for the current period (a lifetime plan: one charge, a hundred years), renewing or not. Made
 * once per order by the fulfilment of `src/services/orders/`, or once per gift code by
 * `src/services/account/redeem.ts`; admins read it, nobody writes it through the API. Every change
 * after that is a compare-and-set that bumps `version` (`src/services/subscriptions/`).
 */
export const Subscriptions: CollectionConfig = {
  slug: 'subscriptions',
  labels: { singular: 'Subscription', plural: 'Subscriptions' },
  admin: { group: 'Commerce', useAsTitle: 'plan', defaultColumns: ['customer', 'plan', 'status', 'currentPeriodEnd', 'autoRenew', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'customer', type: 'relationship', relationTo: 'customers', required: true, index: true, admin: { readOnly: true } },
    { name: 'order', type: 'relationship', relationTo: 'orders', unique: true, admin: { readOnly: true, description: 'Empty for a subscription given by a gift code' } },
    { name: 'giftCode', type: 'relationship', relationTo: 'gift-codes', unique: true, admin: { readOnly: true } },
    { name: 'plan', type: 'text', required: true, index: true, admin: { readOnly: true } },
    {
      name: 'addOns',
      type: 'array',
      admin: { readOnly: true },
      fields: [
        { name: 'purchaseId', type: 'text', required: true },
        { name: 'kind', type: 'text', required: true },
        { name: 'region', type: 'text', admin: { description: 'Personal server location' } },
        { name: 'ipRegion', type: 'text', admin: { description: 'Static IP location' } },
        { name: 'renewalAmount', type: 'number', admin: { ...moneyAdmin, description: 'US cents; empty: one-time' } },
      ],
    },
    { name: 'version', type: 'number', required: true, defaultValue: 0, admin: { readOnly: true } },
    { name: 'status', type: 'select', required: true, index: true, options: subscriptionStatuses.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'lifetime', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    { name: 'currentPeriodStart', type: 'date', required: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'currentPeriodEnd', type: 'date', required: true, index: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'trialEndsAt', type: 'date', admin: { readOnly: true } },
    { name: 'autoRenew', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    {
      name: 'nextRenewal',
      type: 'group',
      admin: { readOnly: true },
      fields: [
        { name: 'amount', type: 'number', admin: { ...moneyAdmin, description: 'US cents' } },
        { name: 'at', type: 'date' },
      ],
    },
    { name: 'provider', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'providerRef', type: 'text', admin: { readOnly: true, description: 'The paying attempt: <provider>:<reference>' } },
    { name: 'period', type: 'number', defaultValue: 1, admin: { readOnly: true, description: 'Which paid period runs now: 1 the first, 2 after the first renewal' } },
    { name: 'savedMethod', type: 'text', admin: { hidden: true, description: 'What renewals are charged with' } },
    {
      // Each notice once per period: the period end it was sent for (services/subscriptions/notices.ts).
      name: 'notices',
      type: 'group',
      admin: { readOnly: true, description: 'The period end each notice was last sent for' },
      fields: [
        { name: 'renewalReminderFor', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'trialEndingFor', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'planEndingFor', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
  ],
}
