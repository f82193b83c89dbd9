// The admin's list cell for an amount stored in cents: shown as money in the row's currency.
import type { DefaultServerCellComponentProps } from 'payload'
import { formatCents } from '@/lib/money'

export function MoneyCell({ cellData, rowData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'number') return <span>—</span>
  return <span data-money>{formatCents(cellData, typeof rowData?.currency === 'string' ? rowData.currency : 'USD')}</span>
}
