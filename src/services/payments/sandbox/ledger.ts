// The sandbox processor's own records: each charge under the key it was asked with, in a table of
// its own and on a connection of its own, as an outside processor keeps them. The site's
// `payment-attempts` are what the site heard; the ledger is what the processor did.
import pg from 'pg'
import { env } from '@/lib/env'
import type { PaymentResult } from '@/services/payments/provider'

export type LedgerStatus = PaymentResult['status']

/** One charge as the processor knows it. */
export type LedgerEntry = {
  ref: string
  key: string
  status: LedgerStatus
  errorCode: string | null
  /** The answer to the create call, returned again for a repeated one. */
  answer: PaymentResult
  /** An Amazon Pay approval: capturable until then. */
  approvalExpiresAt: Date | null
  /** Where the buyer goes while the charge waits for them (changes once an Amazon Pay approval is given). */
  nextAction: string | null
  /** A crypto charge's invoice, as the processor keeps it. */
  invoice: LedgerInvoice | null
}

/**
 * A crypto invoice in the ledger: its address, its total and what arrived (satoshis), until when
 * it is payable (the site's clock) and, once coins are seen, when they confirm (real time, as the
 * delayed delivery counts).
 */
export type LedgerInvoice = { address: string; amount: number; received: number; expiresAt: string; confirmsAt?: string }

let pool: pg.Pool | null = null

/**
 * The ledger's own pool (SANDBOX_LEDGER_URL, else the site's DATABASE_URL): the processor is not
 * the site, so the site's pool running dry or its connections cut leave the ledger answering.
 */
function ledger(): pg.Pool {
  if (!pool) {
    const connectionString = env().SANDBOX_LEDGER_URL ?? env().DATABASE_URL ?? process.env.DATABASE_URL
    pool = new pg.Pool({ connectionString, max: 4, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 10_000, allowExitOnIdle: true })
    // An idle client whose connection dropped must not take the process down.
    pool.on('error', () => undefined)
  }
  return pool
}

/** Closes the ledger's connections (tests, shutdown). */
export async function closeLedger(): Promise<void> {
  const closing = pool
  pool = null
  await closing?.end()
}

type Row = { ref: string; key: string; status: LedgerStatus; error_code: string | null; answer: PaymentResult; approval_expires_at: Date | string | null; next_action: string | null; invoice: LedgerInvoice | null }

const entryOf = (row: Row): LedgerEntry => ({
  ref: row.ref,
  key: row.key,
  status: row.status,
  errorCode: row.error_code,
  answer: row.answer,
  approvalExpiresAt: row.approval_expires_at ? new Date(row.approval_expires_at) : null,
  nextAction: row.next_action,
  invoice: row.invoice ?? null,
})

/**
 * Records a charge's answer under its key, once: a repeated create (the same key) gets the first
 * answer, whatever was computed this time.
 */
export async function recordCharge(key: string, result: PaymentResult, invoice?: LedgerInvoice): Promise<PaymentResult> {
  const inserted = await ledger().query<Row>(
    `insert into sandbox_ledger (ref, key, status, error_code, answer, next_action, invoice) values ($1, $2, $3, $4, $5, $6, $7)
      on conflict (key) do nothing returning ref`,
    [result.providerRef, key, result.status, result.error?.providerCode ?? null, JSON.stringify(result), result.nextAction?.type === 'redirect' ? result.nextAction.url : null, invoice ? JSON.stringify(invoice) : null],
  )
  if (inserted.rows.length) return result
  const first = await ledger().query<Row>(`select answer from sandbox_ledger where key = $1`, [key])
  return first.rows[0]?.answer ?? result
}

/** The charge asked for under this key (our `order:{id}:attempt:{n}`), or null when the processor never saw it. */
export async function ledgerEntryByKey(key: string): Promise<LedgerEntry | null> {
  const found = await ledger().query<Row>(`select ref, key, status, error_code, answer, approval_expires_at, next_action, invoice from sandbox_ledger where key = $1`, [key])
  return found.rows[0] ? entryOf(found.rows[0]) : null
}

/** The charge with this reference, or null when the processor never saw it. */
export async function ledgerEntry(ref: string): Promise<LedgerEntry | null> {
  const found = await ledger().query<Row>(`select ref, key, status, error_code, answer, approval_expires_at, next_action, invoice from sandbox_ledger where ref = $1`, [ref])
  return found.rows[0] ? entryOf(found.rows[0]) : null
}

/**
 * The processor's side of a buyer's answer (3-D Secure, an approval page, Amazon Pay's capture),
 * compare-and-set: only from `from` (of two answers, the first counts) and, when `approvedAt` is
 * given, only while an approval given before lasts. True when this call moved it.
 */
export async function settleCharge(ref: string, input: { from: LedgerStatus; to: 'succeeded' | 'failed'; errorCode?: string | null; approvedAt?: Date }): Promise<boolean> {
  const moved = await ledger().query(
    `update sandbox_ledger set status = $3, error_code = $4, updated_at = now()
      where ref = $1 and status = $2 and (case when $5::timestamptz is null then approval_expires_at is null else approval_expires_at > $5::timestamptz end)
      returning ref`,
    [ref, input.from, input.to, input.errorCode ?? null, input.approvedAt?.toISOString() ?? null],
  )
  return moved.rows.length > 0
}

/** An Amazon Pay approval given: capturable until `expiresAt`, the buyer sent to `nextAction`. Compare-and-set; true when this call gave it. */
export async function approveCharge(ref: string, expiresAt: Date, nextAction: string): Promise<boolean> {
  const approved = await ledger().query(
    `update sandbox_ledger set approval_expires_at = $2, next_action = $3, updated_at = now() where ref = $1 and status = 'requires_action' and approval_expires_at is null returning ref`,
    [ref, expiresAt.toISOString(), nextAction],
  )
  return approved.rows.length > 0
}

/**
 * A crypto invoice's state moved by its buyer (paid, paid short, left to expire), compare-and-set:
 * only from `from` and, when `openAt` is given, only while the invoice is payable then; `invoice`
 * is merged into what the ledger keeps. True when this call moved it.
 */
export async function moveInvoice(ref: string, input: { from: LedgerStatus; to: LedgerStatus; errorCode?: string; invoice: Partial<LedgerInvoice>; openAt?: Date }): Promise<boolean> {
  const moved = await ledger().query(
    `update sandbox_ledger set status = $3, error_code = $4, invoice = invoice || $5::jsonb, updated_at = now()
      where ref = $1 and status = $2 and invoice is not null and ($6::timestamptz is null or (invoice->>'expiresAt')::timestamptz > $6::timestamptz)
      returning ref`,
    [ref, input.from, input.to, input.errorCode ?? null, JSON.stringify(input.invoice), input.openAt?.toISOString() ?? null],
  )
  return moved.rows.length > 0
}
