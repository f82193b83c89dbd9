// ALTCHA: proof-of-work challenges, verification, and solutions used once.
import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { Payload } from 'payload'
import { env } from '@/lib/env'
import { query } from '@/services/db'
import type { HumanCheckProvider } from './types'
import { realNow } from '@/lib/clock'

/** A challenge is good for 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
const ALGORITHM = 'PBKDF2/SHA-256'
/** The answer's counter is drawn from this range: on average 5000 tries. */
const COUNTER_RANGE = [2_500, 7_500] as const

/** The HMAC keys: `ALTCHA_HMAC_KEY`, else one derived from `PAYLOAD_SECRET`; the key-signature key is derived from it. */
function keys(payload: Payload) {
  const master = env().ALTCHA_HMAC_KEY ?? createHmac('sha256', payload.secret).update('altcha-hmac-key').digest('hex')
  return { signature: master, keySignature: createHmac('sha256', master).update('altcha-key-signature').digest('hex') }
}

/**
 * A new signed challenge, as the `altcha` widget fetches it: PBKDF2 with `ALTCHA_COST` iterations
 * per try (1300 by default: about a second in Chromium on 2 cores), expiring after 5 minutes.
 */
export async function altchaChallenge(payload: Payload, now: Date): Promise<Challenge> {
  const { signature, keySignature } = keys(payload)
  return createChallenge({
    algorithm: ALGORITHM,
    cost: env().ALTCHA_COST,
    counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  })
}

/** The widget's payload: base64 of `{ challenge, solution }`; anything else is null. */
function decode(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution }
    const parameters = parsed.challenge?.parameters
    if (!parameters || typeof parameters.nonce !== 'string' || parameters.algorithm !== ALGORITHM || typeof parsed.solution?.counter !== 'number' || typeof parsed.solution.derivedKey !== 'string') return null
    return { challenge: parsed.challenge!, solution: parsed.solution }
  } catch {
    return null
  }
}

/**
 * ALTCHA, self-hosted: the signature, the expiry and the solution are checked, then the
 * challenge's nonce is recorded once (`INSERT … ON CONFLICT DO NOTHING`): a replay, even a
 * simultaneous one, finds it taken.
 */
export function altchaProvider(payload: Payload): HumanCheckProvider {
  return {
    id: 'altcha',
    async verify(token) {
      const decoded = token.length <= 20_000 ? decode(token) : null
      if (!decoded) return { ok: false }
      const { signature, keySignature } = keys(payload)
      const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: keySignature }).catch(() => null)
      if (!result?.verified) return { ok: false }
      const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000 || realNow().getTime() + CHALLENGE_TTL_MS)
      const recorded = await query<{ nonce: string }>(
        payload,
        `insert into human_check_solutions (nonce, expires_at, created_at, updated_at) values ($1, $2, now(), now()) on conflict (nonce) do nothing returning nonce`,
        [decoded.challenge.parameters.nonce, expiresAt.toISOString()],
      )
      return { ok: recorded.length === 1 }
    },
  }
}

/** Forgets used nonces whose challenges have expired (they can no longer be replayed). */
export async function forgetExpiredSolutions(payload: Payload, now: Date): Promise<number> {
  return (await query<{ nonce: string }>(payload, `delete from human_check_solutions where expires_at < $1 returning nonce`, [now.toISOString()])).length
}
