/** Icons editors can pick for feature items; `Icon` draws each one. */
export const iconNames = [
  'servers',
  'devices',
  'shield',
  'key',
  'radar',
  'play',
  'filter',
  'eye',
  'lock',
  'clock',
  'globe',
  'refund',
] as const

export type IconName = (typeof iconNames)[number]
