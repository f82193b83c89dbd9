import type { Field, GlobalConfig } from 'payload'
import { anyone, isAdmin } from '@/access'
import { bannerNames, isDay, type BannerName } from '@/lib/banners'
import { refreshAllPages } from './refresh'

const labels: Record<BannerName, { label: string; description: string }> = {
  rewards: { label: 'Rewards banner', description: 'The full crypto-rewards banner at the top of the home page.' },
  rewardsMini: { label: 'Rewards mini-banner', description: 'The slim crypto-rewards strip on the other pages whose route allows banners.' },
  coin: { label: 'Coin banner', description: 'Built but not shown in the layout (spec): kept here for when it is placed.' },
  coinMini: { label: 'Coin mini-banner', description: 'Built but not shown in the layout (spec): kept here for when it is placed.' },
}

const day = (name: 'from' | 'to', label: string): Field => ({
  name,
  label,
  type: 'text',
  required: true,
  admin: { width: '30%', placeholder: 'YYYY-MM-DD', description: 'UTC, included' },
  validate: (value: unknown) => isDay(value) || 'A day written YYYY-MM-DD',
})

const linkPath: Field = {
  name: 'linkPath',
  label: 'Link path',
  type: 'text',
  required: true,
  admin: { width: '50%', description: 'A path on this site such as /order/pickup (the visitor’s locale is added).' },
  validate: (value: unknown) => (typeof value === 'string' && /^\/(?!\/)[^\s]*$/.test(value)) || 'A path starting with one /',
}

/**
 * The promotional banners (spec sections 2, 4, 9): for each, a switch, its window (inclusive UTC
 * days) and its text and link per locale. The layout shows the rewards banner on the home page and
 * the mini-banner elsewhere, only inside the window and where the route allows banners; saving
 * refreshes every cached page, and the `refreshBanners` task does so when a window opens or closes.
 */
export const Banners: GlobalConfig = {
  slug: 'banners',
  label: 'Banners',
  admin: { group: 'Content', description: 'Promotional banners: when each shows, and what it says in each language.' },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [refreshAllPages] },
  fields: [
    ...bannerNames.map(
      (name): Field => ({
        name,
        type: 'group',
        label: labels[name].label,
        admin: { description: labels[name].description },
        validate: (value: unknown) => {
          const window = value as { from?: unknown; to?: unknown } | undefined
          return !isDay(window?.from) || !isDay(window?.to) || window.from <= window.to || '“From” must not be after “to”'
        },
        fields: [
          {
            type: 'row',
            fields: [{ name: 'enabled', label: 'Shown', type: 'checkbox', defaultValue: true, admin: { width: '20%' } }, day('from', 'From'), day('to', 'To')],
          },
          { name: 'text', type: 'text', required: true, localized: true },
          { type: 'row', fields: [{ name: 'linkLabel', label: 'Link label', type: 'text', required: true, localized: true, admin: { width: '50%' } }, linkPath] },
        ],
      }),
    ),
    {
      // Which banners showed at the last check; the refresh task compares it with today's.
      name: 'activeKey',
      type: 'text',
      admin: { hidden: true },
    },
  ],
}
