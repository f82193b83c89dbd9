import { getTranslations } from 'next-intl/server'
import type { OrdersTexts } from './AccountOrders.client'

const own = ['ordersLink', 'ordersIntro', 'ordersEmpty', 'orderDate', 'orderItems', 'viewReceipt', 'receiptTitle', 'receiptSeller', 'receiptOrder', 'receiptDiscount', 'receiptNoTax', 'print', 'backToAccount', 'orderRefunded', 'statusLabel', 'methodLabel', 'loading'] as const

/** The orders pages' texts in one locale: the `Account` namespace, with the order words of checkout. */
export async function ordersTexts(locale: string): Promise<OrdersTexts> {
  const [t, checkout, errors] = await Promise.all([getTranslations({ locale, namespace: 'Account' }), getTranslations({ locale, namespace: 'Checkout' }), getTranslations({ locale, namespace: 'Errors' })])
  return {
    ...(Object.fromEntries(own.map((key) => [key, t(key)])) as Record<(typeof own)[number], string>),
    total: checkout('total'),
    statusPaid: checkout('statusPaid'),
    statusPending: checkout('statusPending'),
    statusFailed: checkout('statusFailed'),
    statusExpired: checkout('statusExpired'),
    card: checkout('methodCard'),
    notFound: checkout('orderNotFound'),
    undefinedError: errors('undefinedError'),
  }
}
