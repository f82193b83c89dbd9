'use client'

import { useEffect, useState } from 'react'
import { localizePath } from '@/i18n/paths'
import { apiFetch, isSignedIn, type ApiFailure } from '@/lib/session.client'
import { toSignIn } from './navigation'
import { brandNameOf } from '@/services/catalog/methods'

type OrderLine = { kind: string; title: string; amount: number }
type OrderView = {
  hash: string
  createdAt: string
  paidAt: string | null
  status: string
  lines: OrderLine[]
  subtotal: number
  discount: number
  total: number
  method: { kind: string; brand: string | null; last4: string | null }
  seller?: { name: string; support: string }
}

export type OrdersTexts = Record<
  | 'ordersLink'
  | 'ordersIntro'
  | 'ordersEmpty'
  | 'orderDate'
  | 'orderItems'
  | 'viewReceipt'
  | 'receiptTitle'
  | 'receiptSeller'
  | 'receiptOrder'
  | 'receiptDiscount'
  | 'receiptNoTax'
  | 'print'
  | 'backToAccount'
  | 'orderRefunded'
  | 'statusLabel'
  | 'methodLabel'
  | 'total'
  | 'statusPaid'
  | 'statusPending'
  | 'statusFailed'
  | 'statusExpired'
  | 'card'
  | 'loading'
  | 'notFound'
  | 'undefinedError',
  string
>

type Props = { locale: string; tag: string; texts: OrdersTexts; /** The receipt of this order; the list without it. */ hash?: string }

/**
 * The customer's orders, or one order's receipt (with print styles), read from the account API
 * with the stored tokens; without a session, sign-in and back.
 */
export function AccountOrders({ locale, tag, texts, hash }: Props) {
  const [email, setEmail] = useState<string | null>(null)
  const [orders, setOrders] = useState<OrderView[] | null>(null)
  const [receipt, setReceipt] = useState<OrderView | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso))
  const money = (cents: number) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(cents / 100)
  const status = (value: string) =>
    value === 'paid' ? texts.statusPaid : value === 'failed' ? texts.statusFailed : value === 'expired' || value === 'canceled' ? texts.statusExpired : value === 'refunded' ? texts.orderRefunded : texts.statusPending
  const method = (view: OrderView) => (view.method.brand && view.method.last4 ? `${view.method.brand} •••• ${view.method.last4}` : view.method.kind === 'card' ? texts.card : brandNameOf(view.method.kind))

  useEffect(() => {
    if (!isSignedIn()) return toSignIn(locale)
    const fail = (failure: ApiFailure) => {
      if (failure.statusCode === 401) return toSignIn(locale)
      setFailed(failure.code === 'NOT_FOUND' ? texts.notFound : failure.code ? failure.message : texts.undefinedError)
    }
    // The address, or the account number of an account bought without one.
    apiFetch<{ username: string | null }>('/api/veilgate/auth/user-info/', { query: { locale } })
      .then((info) => setEmail(info.username))
      .catch(fail)
    if (hash) apiFetch<OrderView>(`/api/veilgate/account/orders/${encodeURIComponent(hash)}/`, { query: { locale } }).then(setReceipt).catch(fail)
    else apiFetch<OrderView[]>('/api/veilgate/account/orders/', { query: { locale } }).then(setOrders).catch(fail)
  }, [hash, locale, texts])

  const heading = hash ? texts.receiptTitle : texts.ordersLink

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-extrabold tracking-tight">
          {heading}
          <span className="mt-2 block text-lg font-medium text-muted" data-account-email>
            {email ?? '\u00a0'}
          </span>
        </h1>
        <nav className="flex flex-wrap gap-3 text-sm print:hidden">
          <a href={localizePath(locale, '/my-account')} className="font-medium text-brand-700 underline underline-offset-2">
            {texts.backToAccount}
          </a>
          {hash && (
            <a href={localizePath(locale, '/my-account/orders')} className="font-medium text-brand-700 underline underline-offset-2">
              {texts.ordersLink}
            </a>
          )}
        </nav>
      </div>
      {!hash && <p className="text-muted">{texts.ordersIntro}</p>}
      {failed && (
        <p role="alert" className="font-medium text-red-700">
          {failed}
        </p>
      )}
      {!failed && !orders && !receipt && (
        <p role="status" className="text-muted">
          {texts.loading}
        </p>
      )}
      {orders &&
        (orders.length === 0 ? (
          <p data-orders-empty>{texts.ordersEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-start text-sm" data-orders>
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="py-2 pe-4 text-start font-medium">{texts.orderDate}</th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">{texts.orderItems}</th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">{texts.total}</th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">{texts.statusLabel}</th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">{texts.methodLabel}</th>
                  <th scope="col" className="py-2 text-start font-medium">
                    <span className="sr-only">{texts.viewReceipt}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.hash} className="border-b border-line align-top" data-order={order.hash}>
                    <td className="py-3 pe-4">{date(order.paidAt ?? order.createdAt)}</td>
                    <td className="py-3 pe-4">{order.lines.map((line) => line.title).join(', ')}</td>
                    <td className="py-3 pe-4">{money(order.total)}</td>
                    <td className="py-3 pe-4">{status(order.status)}</td>
                    <td className="py-3 pe-4">{method(order)}</td>
                    <td className="py-3">
                      <a href={localizePath(locale, `/my-account/orders/${order.hash}`)} className="font-medium text-brand-700 underline underline-offset-2">
                        {texts.viewReceipt}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {receipt && (
        <article className="grid max-w-xl gap-4 rounded-2xl border border-line p-6 print:border-0 print:p-0" data-receipt>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted">{texts.receiptSeller}</dt>
            <dd>
              {receipt.seller?.name} · {receipt.seller?.support}
            </dd>
            <dt className="text-muted">{texts.receiptOrder}</dt>
            <dd className="font-mono">{receipt.hash}</dd>
            <dt className="text-muted">{texts.orderDate}</dt>
            <dd>{date(receipt.paidAt ?? receipt.createdAt)}</dd>
            <dt className="text-muted">{texts.statusLabel}</dt>
            <dd>{status(receipt.status)}</dd>
            <dt className="text-muted">{texts.methodLabel}</dt>
            <dd>{method(receipt)}</dd>
          </dl>
          <table className="w-full text-sm">
            <tbody>
              {receipt.lines.map((line, index) => (
                <tr key={index} className="border-b border-line">
                  <td className="py-2 pe-4">{line.title}</td>
                  <td className="py-2 text-end">{money(line.amount)}</td>
                </tr>
              ))}
              {receipt.discount > 0 && (
                <tr className="border-b border-line">
                  <td className="py-2 pe-4">{texts.receiptDiscount}</td>
                  <td className="py-2 text-end">−{money(receipt.discount)}</td>
                </tr>
              )}
              <tr className="font-semibold">
                <td className="py-2 pe-4">{texts.total}</td>
                <td className="py-2 text-end" data-receipt-total>
                  {money(receipt.total)}
                </td>
              </tr>
            </tbody>
          </table>
          <p className="text-sm text-muted">{texts.receiptNoTax}</p>
          <button type="button" onClick={() => window.print()} className="btn-primary w-fit px-5 py-2.5 print:hidden">
            {texts.print}
          </button>
        </article>
      )}
    </div>
  )
}
