// Announcing published content changes to every instance (route index, response cache) over PostgreSQL NOTIFY.
import type { Payload, PayloadRequest } from 'payload'
import { CHANGE_ANNOUNCED_EVENT, CONTENT_CHANNEL, encodeChange } from '../../../scripts/lib/content-changes.mjs'
import { pgPool, sql } from '@/services/db'

export type ContentChange = { paths?: (string | null | undefined)[]; all?: boolean }

type Session = { db: { execute(statement: unknown): Promise<unknown> } }

/**
 * Sends one content-change signal. Inside a request's transaction the NOTIFY joins it, so
 * PostgreSQL delivers it only when the change is committed (a rolled-back save announces
 * nothing, and no listener reloads before the new rows are visible). A failure to announce never
 * fails the save: every follower reloads in full within five minutes anyway.
 */
export async function announceContentChange(req: Pick<PayloadRequest, 'payload'> & { transactionID?: PayloadRequest['transactionID'] }, change: ContentChange): Promise<void> {
  const text = encodeChange({ all: change.all, paths: change.paths?.filter((path): path is string => Boolean(path)) })
  // This instance's response cache serves no page until the signal is back (the save's answer
  // may reach its client first).
  ;(process as unknown as NodeJS.EventEmitter).emit(CHANGE_ANNOUNCED_EVENT, text)
  try {
    const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
    const session = id ? (req.payload.db as unknown as { sessions?: Record<string, Session> }).sessions?.[String(id)] : undefined
    if (session) {
      await session.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${text})`)
      return
    }
    await pgPool(req.payload).query('select pg_notify($1, $2)', [CONTENT_CHANNEL, text])
  } catch (error) {
    req.payload.logger.warn({ msg: 'content change not announced', err: error instanceof Error ? error.message : String(error) })
  }
}

/** For callers outside a request (admin endpoints): announced at once. */
export function announceNow(payload: Payload, change: ContentChange): Promise<void> {
  return announceContentChange({ payload }, change)
}
