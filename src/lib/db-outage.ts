// Whether an error means the database cannot be reached (down, restarting, refusing or cutting
// connections, the pool unable to hand one out in time), as opposed to a fault in a query or the code.

/** Node's socket errors of a connection refused, reset, cut or timed out. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * PostgreSQL's SQLSTATEs of a server going away: 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up, shutting down), and class 08, connection exceptions.
 */
const serverCodes = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'])

/** node-postgres's own words when a connection ends or the pool cannot give one in time. */
const clientMessages = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection timeout/i, /client has encountered a connection error/i, /client was closed and is not queryable/i,
  // Payload rethrows a failed BEGIN as a new error without its cause; BEGIN fails only for want of a connection.
  /cannot begin transaction/i,
  /\bECONN(?:REFUSED|RESET)\b/, /cannot use a pool after calling end/i]

const MAX_DEPTH = 10

/**
 * True when `error`, or any error along its `cause` chain (an AggregateError's `errors` too; the
 * database adapter and the ORM wrap the driver's error), is a database outage.
 */
export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > MAX_DEPTH) return false
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && (socketCodes.has(code) || serverCodes.has(code))) return true
  if (typeof message === 'string' && clientMessages.some((pattern) => pattern.test(message))) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseOutage(inner, depth + 1))) return true
  return cause !== error && isDatabaseOutage(cause, depth + 1)
}
