import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'

/**
 * Solves an ALTCHA challenge as the browser widget would, and packs it as forms send it
 * (`inrecaptcha`: base64 of `{ challenge, solution }`, `version: "altcha"`). The suites run the
 * site with ALTCHA_COST=1, so this takes milliseconds.
 */
export async function solvedHumanCheck(challenge: Challenge): Promise<{ inrecaptcha: string; version: 'altcha' }> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the human-check challenge was not solved')
  return { inrecaptcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), version: 'altcha' }
}

/** A solved check from the site's challenge endpoint over HTTP (end-to-end suites). */
export async function humanCheckOver(baseUrl: string) {
  const challenge = (await (await fetch(`${baseUrl}/api/veilgate/captcha/challenge/`)).json()) as Challenge
  return solvedHumanCheck(challenge)
}
