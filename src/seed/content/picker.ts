/** The picker variants of the first start (editors change them in admin → Commerce → Plan picker variants). */
export const pickerVariantSeeds = [
  { view: 'pickup-b', cardVariant: 'total', intro: 'Pay once for the whole period. Every plan includes all features.', plans: ['vpn-1m', 'vpn-1y', 'vpn-3y'], defaultPlan: 'vpn-1y' },
  { view: 'pickup-c', cardVariant: 'per-month', intro: 'Longer plans cost less per month.', plans: ['vpn-1m', 'vpn-6m', 'vpn-1y', 'vpn-3y'], defaultPlan: 'vpn-3y' },
  { view: 'pickup-d', cardVariant: 'per-month', intro: 'All plans include every feature and a 30-day money-back guarantee.', plans: ['vpn-1m', 'vpn-1y', 'vpn-3y', 'vpn-lifetime'], defaultPlan: 'vpn-1y' },
  { view: 'pickup-e', cardVariant: 'per-month', intro: 'Start with a free week, or save with a longer plan.', plans: ['vpn-trial-7d', 'vpn-1y', 'vpn-lifetime'], defaultPlan: 'vpn-1y', emailOptional: true },
] as const
