// The human-check provider interface.
/** The human-check versions a form may send (`version`), as in the spec's subscribe request. */
export const humanCheckVersions = ['altcha', 'v3', 'v2', 'hcaptcha'] as const
export type HumanCheckVersion = (typeof humanCheckVersions)[number]

export type HumanCheckContext = { ip: string | null; action: string; host: string | null }

/** A check's verdict. `next`: the stronger check the form may fall back to (the third-party chain). */
export type HumanCheckResult = { ok: boolean; next?: HumanCheckVersion }

/** One kind of human check. */
export interface HumanCheckProvider {
  id: HumanCheckVersion
  verify(token: string, context: HumanCheckContext): Promise<HumanCheckResult>
}
