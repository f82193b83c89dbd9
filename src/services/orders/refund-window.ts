// The money-back period's arithmetic (pure, for tests and the admin's view).
const DAY_MS = 86_400_000

/** The last moment an order paid at `paidAt` may be refunded: `days` whole days later, to the millisecond. */
export const refundDeadline = (paidAt: Date, days: number) => new Date(paidAt.getTime() + days * DAY_MS)

/** Whether the money-back period of an order paid at `paidAt` is still open at `at` (its last second included). */
export const refundWindowOpen = (paidAt: Date, at: Date, days: number) => at.getTime() <= refundDeadline(paidAt, days).getTime()
