/**
 * Runs once when a server starts: initialising Payload applies pending
 * migrations and the one-time seed before the first visitor arrives.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { payloadClient } = await import('./services/content/payload')
  await payloadClient()
}
