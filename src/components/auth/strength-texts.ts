import type { StrengthTexts } from './strength.client'

const strengthKeys = ['strength', 'strength0', 'strength1', 'strength2', 'strength3', 'strength4'] as const

/** The strength meter's texts from the `Auth` namespace, `{verdict}` left for the meter to fill. */
export const strengthTexts = (auth: { raw(key: string): unknown }): StrengthTexts =>
  Object.fromEntries(strengthKeys.map((key) => [key, auth.raw(key) as string])) as StrengthTexts
