import { setStrengthEstimate, type StrengthEstimate } from './auth'

/**
 * The password strength estimator (zxcvbn-ts with its common and English dictionaries), loaded on
 * demand: the endpoints load it before they check a chosen password, the browser on the first
 * keystroke in a password field, so the dictionaries are never in a page's first-load JavaScript.
 */

/** Only this much of a password is estimated (longer ones are refused by the rules first). */
const ESTIMATED_LENGTH = 128

let loading: Promise<StrengthEstimate> | null = null

/** Loads the estimator once and installs it in the shared schemas (`PASSWORD_BAD` below score 3). */
export function ensureStrengthEstimate(): Promise<StrengthEstimate> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(([core, common, en]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    })
    const estimate: StrengthEstimate = (password, userInputs) => factory.check(password.slice(0, ESTIMATED_LENGTH), userInputs).score
    setStrengthEstimate(estimate)
    return estimate
  })
  loading.catch(() => {
    loading = null
  })
  return loading
}
