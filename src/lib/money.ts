// Amounts are stored as integer cents; this is how people read them.

/** Cents as money in `currency` (US English figures, as the admin is in English): 10187 → "$101.87". */
export function formatCents(cents: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100)
  } catch {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
  }
}

/** What an amount field in the admin shows: the list cell and the description under the input. */
export const moneyAdmin = {
  components: {
    Cell: '@/components/admin/MoneyCell#MoneyCell',
    Description: '@/components/admin/MoneyDescription#MoneyDescription',
  },
} as const
