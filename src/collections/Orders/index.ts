import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/access'
import { addOnKinds } from '@/collections/AddOns'
import { paymentMethods } from '@/services/catalog/methods'
import { orderStatuses } from '@/services/orders/states'
import { moneyAdmin } from '@/lib/money'

/**
 * One order per checkout: the price snapshot from the pricing module, who buys, how, and where
 * it stands. Written only by `src/services/orders/` and `src/services/payments/` (admins read it; nobody writes it through
 * the API); every status change is a compare-and-set that bumps `version`.
 */
export const Orders: CollectionConfig = {
  slug: 'orders',
  labels: { singular: 'Order', plural: 'Orders' },
  admin: { group: 'Commerce', useAsTitle: 'publicHash', defaultColumns: ['publicHash', 'status', 'email', 'total', 'disputed', 'createdAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'publicHash', type: 'text', required: true, unique: true, index: true, admin: { readOnly: true } },
    { name: 'status', type: 'select', required: true, defaultValue: 'pending', index: true, options: orderStatuses.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'version', type: 'number', required: true, defaultValue: 0, admin: { readOnly: true } },
    { name: 'currency', type: 'text', required: true, defaultValue: 'USD', admin: { readOnly: true } },
    {
      name: 'lines',
      type: 'array',
      admin: { readOnly: true },
      fields: [
        { name: 'purchaseId', type: 'text', required: true },
        { name: 'kind', type: 'select', required: true, options: ['plan', 'add-on'] },
        { name: 'addOnKind', type: 'select', options: addOnKinds.map((value) => ({ label: value, value })), admin: { description: 'Add-on lines: what the add-on is' } },
        { name: 'amount', type: 'number', required: true, admin: { ...moneyAdmin, description: 'US cents' } },
        { name: 'renewalAmount', type: 'number', admin: { ...moneyAdmin, description: 'US cents; empty: one-time' } },
        { name: 'region', type: 'text' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'subtotal', type: 'number', required: true, admin: { ...moneyAdmin, readOnly: true, description: 'US cents' } },
        { name: 'discount', type: 'number', required: true, defaultValue: 0, admin: { ...moneyAdmin, readOnly: true, description: 'US cents' } },
        { name: 'total', type: 'number', required: true, admin: { ...moneyAdmin, readOnly: true, description: 'US cents' } },
      ],
    },
    { name: 'quote', type: 'json', admin: { readOnly: true, description: 'The pricing module’s quote (renewal, period end, trial end)' } },
    { name: 'plan', type: 'text', required: true, index: true, admin: { readOnly: true } },
    { name: 'bonusCode', type: 'text', admin: { readOnly: true } },
    { name: 'referralRewardedAt', type: 'date', admin: { readOnly: true, description: 'A referral code’s order: when its owner’s reward was given or recorded (once)' } },
    { name: 'bonusCountedAt', type: 'date', admin: { readOnly: true, description: 'When the bonus code’s use was counted against its redemption limit (once, when the order was paid)' } },
    { name: 'method', type: 'select', required: true, options: paymentMethods.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'provider', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'autoRenew', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    { name: 'customer', type: 'relationship', relationTo: 'customers', index: true, admin: { readOnly: true } },
    // None for an order bought without an e-mail: its account (a number) is `customer`.
    { name: 'email', type: 'email', index: true, admin: { readOnly: true } },
    { name: 'providerCustomer', type: 'text', admin: { hidden: true, description: 'The provider\'s customer the order was billed to (Stripe cus_…), until its buyer\'s account keeps it' } },
    { name: 'receiveMarketingEmails', type: 'checkbox', defaultValue: true, admin: { readOnly: true } },
    { name: 'country', type: 'text', required: true, maxLength: 2, admin: { readOnly: true } },
    { name: 'locale', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'experiments', type: 'json', admin: { readOnly: true, description: 'Experiment assignments from the exp_* cookies' } },
    { name: 'renews', type: 'relationship', relationTo: 'subscriptions', index: true, admin: { readOnly: true, description: 'A renewal: the subscription it pays the next period of' } },
    { name: 'period', type: 'number', admin: { readOnly: true, description: 'A renewal: the period it pays (2 is the first renewal)' } },
    { name: 'attachTo', type: 'relationship', relationTo: 'subscriptions', index: true, admin: { readOnly: true, description: 'Extras: the subscription its add-ons are added to, until its period ends' } },
    { name: 'attachedAt', type: 'date', admin: { readOnly: true, description: 'Extras: when the paid add-ons were added to the subscription (once)' } },
    {
      name: 'notAttached',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { readOnly: true, description: 'Extras paid for a subscription that had ended by then: nothing was added; refund the order' },
    },
    { name: 'renewalFailedAt', type: 'date', admin: { readOnly: true, description: 'A renewal: when its first charge failed (the buyer was told; retries count from here)' } },
    { name: 'nextRetryAt', type: 'date', index: true, admin: { readOnly: true, description: 'A failed renewal: when the saved method is charged again (empty: no retry left)' } },
    { name: 'idempotencyKey', type: 'text', required: true, unique: true, admin: { readOnly: true } },
    { name: 'expiresAt', type: 'date', required: true, admin: { readOnly: true } },
    { name: 'paidAt', type: 'date', admin: { readOnly: true } },
    { name: 'emailsQueuedAt', type: 'date', admin: { readOnly: true, description: 'Receipt (and confirmation for a new account) queued, once' } },
    { name: 'fulfilledAt', type: 'date', index: true, admin: { readOnly: true, description: 'Subscription, account and e-mails made (once)' } },
    {
      name: 'refundControls',
      type: 'ui',
      admin: { components: { Field: '@/components/admin/RefundControls#RefundControls' } },
    },
    { name: 'refundedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' }, description: 'When the order was refunded (by an admin, or at the payment provider)' } },
    { name: 'refundAmount', type: 'number', admin: { ...moneyAdmin, readOnly: true, description: 'US cents given back' } },
    { name: 'disputed', type: 'checkbox', defaultValue: false, index: true, admin: { readOnly: true, description: 'The buyer disputed the payment with their bank (a chargeback): answer it in the provider’s dashboard' } },
    { name: 'disputedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' }, description: 'When the provider reported the dispute' } },
    { name: 'disputeRef', type: 'text', admin: { readOnly: true, description: 'The provider’s dispute (Stripe dp_…)' } },
    { name: 'refundStartedAt', type: 'date', admin: { hidden: true, description: 'A refund asked of the provider and not yet answered: a second one waits (claim, released on failure)' } },
    {
      name: 'failure',
      type: 'group',
      admin: { readOnly: true },
      fields: [
        { name: 'code', type: 'text' },
        { name: 'providerCode', type: 'text' },
        { name: 'message', type: 'text' },
        { name: 'retryable', type: 'checkbox' },
      ],
    },
  ],
}
