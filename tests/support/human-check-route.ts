import type { Challenge } from 'altcha-lib'
import { GET as challengeRoute } from '@/app/api/veilgate/captcha/challenge/route'
import { solvedHumanCheck } from './human-check'
import { callRoute } from './routes'

/** A solved human check from the challenge route, called in-process (integration suites). */
export async function humanCheck() {
  return solvedHumanCheck((await callRoute(challengeRoute, { path: '/api/veilgate/captcha/challenge/' })).body as unknown as Challenge)
}
