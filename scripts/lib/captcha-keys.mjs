// The human check's captcha key pairs: a provider runs only with both halves; half a pair is a
// mistake that stops the start (scripts/start.mjs, before building) and env() (src/lib/env.ts).

/** Site key and secret of reCAPTCHA v3, reCAPTCHA v2 invisible and hCaptcha. */
export const captchaKeyPairs = /** @type {const} */ ([
  ['RECAPTCHA_V3_SITE_KEY', 'RECAPTCHA_V3_SECRET'],
  ['RECAPTCHA_V2_SITE_KEY', 'RECAPTCHA_V2_SECRET'],
  ['HCAPTCHA_SITE_KEY', 'HCAPTCHA_SECRET'],
])

/**
 * Each half-set pair: the missing variable and why (an empty value counts as unset).
 * @param {Record<string, unknown>} env
 * @returns {{ missing: string, message: string }[]}
 */
export function halfCaptchaPairs(env) {
  const problems = []
  for (const [site, secret] of captchaKeyPairs) {
    if (Boolean(env[site]) === Boolean(env[secret])) continue
    const [missing, present] = env[site] ? [secret, site] : [site, secret]
    problems.push({ missing, message: `${missing} is missing: ${present} needs it beside it` })
  }
  return problems
}

/**
 * Throws, naming the missing variable, when a captcha key pair is half set.
 * @param {Record<string, unknown>} env
 */
export function checkCaptchaKeys(env) {
  const problems = halfCaptchaPairs(env)
  if (problems.length) throw new Error(`the human check's keys: ${problems.map((problem) => problem.message).join('; ')}`)
}
