import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { moneyAdmin } from '@/lib/money'

/** Each charge, renewal or refund tried on an order; only the card's brand and last four digits are kept. */
export const PaymentAttempts: CollectionConfig = {
  slug: 'payment-attempts',
  labels: { singular: 'Payment attempt', plural: 'Payment attempts' },
  admin: { group: 'Commerce', defaultColumns: ['order', 'number', 'status', 'amount', 'brand', 'last4', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'order', type: 'relationship', relationTo: 'orders', required: true, index: true, admin: { readOnly: true } },
    { name: 'number', type: 'number', required: true, admin: { readOnly: true } },
    { name: 'provider', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'providerRef', type: 'text', required: true, unique: true, admin: { readOnly: true, description: '<provider>:<reference>' } },
    { name: 'kind', type: 'select', required: true, defaultValue: 'charge', options: ['charge', 'renewal', 'refund'], admin: { readOnly: true } },
    { name: 'status', type: 'select', required: true, options: ['processing', 'requires_action', 'succeeded', 'failed', 'canceled'], admin: { readOnly: true } },
    { name: 'amount', type: 'number', required: true, admin: { ...moneyAdmin, readOnly: true, description: 'US cents' } },
    { name: 'nextAction', type: 'text', admin: { readOnly: true } },
    { name: 'periodEnd', type: 'date', admin: { readOnly: true, description: 'A provider subscription: when its first period ends, by the provider' } },
    { name: 'errorCode', type: 'text', admin: { readOnly: true } },
    { name: 'brand', type: 'text', admin: { readOnly: true } },
    { name: 'last4', type: 'text', maxLength: 4, admin: { readOnly: true } },
    { name: 'savedCardRevokedAt', type: 'date', admin: { readOnly: true, description: 'The provider was told not to charge this card again (the account was deleted)' } },
    { name: 'tokenHash', type: 'text', index: true, admin: { hidden: true } },
    { name: 'savedMethod', type: 'text', admin: { hidden: true, description: 'The method kept for renewals by a recurring payment (pm_sandbox_…, a processor id)' } },
    { name: 'approvalExpiresAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' }, description: 'Amazon Pay: the buyer approved; the payment can be captured until then (30 minutes by the site’s clock)' } },
    { name: 'invoice', type: 'json', admin: { readOnly: true, description: 'A crypto payment’s invoice as its provider last told it: status, address, amount and received (satoshis), expiresAt' } },
    { name: 'authOutcome', type: 'text', admin: { hidden: true, description: 'Sandbox 3-D Secure: what completing it leads to' } },
  ],
}
