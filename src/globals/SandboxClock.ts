import type { GlobalConfig } from 'payload'
import { isAdmin } from '@/access'

/**
 * The sandbox clock: how far the app's time (`now()`, src/lib/clock.ts) runs ahead of real time
 * while the sandbox processor takes cards, so an admin can let renewals fall due. Only
 * `POST /api/payments/sandbox/clock/advance` moves it (a compare-and-set in PostgreSQL); the
 * admin view shows the time and buttons that call it.
 */
export const SandboxClock: GlobalConfig = {
  slug: 'sandbox-clock',
  label: 'Sandbox clock',
  admin: {
    group: 'Commerce',
    description: 'Moves the site’s time forward while the sandbox processor takes cards: renewals, trials and expiries fall due as if the days had passed. It never goes back.',
  },
  access: { read: isAdmin, update: () => false },
  fields: [
    {
      name: 'offsetMs',
      label: 'Ahead of real time (milliseconds)',
      type: 'number',
      required: true,
      defaultValue: 0,
      // The view below shows it as time ahead and stays current after each move.
      admin: { readOnly: true, hidden: true },
    },
    {
      name: 'controls',
      type: 'ui',
      admin: { components: { Field: '@/components/admin/SandboxClockControls#SandboxClockControls' } },
    },
  ],
}
