'use client'

import { lazy, type ComponentProps, type ComponentType } from 'react'
import type { ConnectionTestPanel as Panel } from './ConnectionTestPanel.client'

type Props = ComponentProps<typeof Panel>

/**
 * The connection test's island. On the server the module as it is, rendered in place: a Suspense
 * boundary there would be streamed out of place once a page passes React's chunk size, revealed
 * by an inline script the page's CSP refuses. In the browser a chunk of its own, loaded only on
 * pages that carry the block rather than with every content page (the build drops the server
 * branch from the browser's code); hydration waits for it, keeping the server's HTML meanwhile.
 */
const ConnectionTestPanel: ComponentType<Props> =
  typeof window === 'undefined'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./ConnectionTestPanel.client') as { ConnectionTestPanel: ComponentType<Props> }).ConnectionTestPanel
    : lazy(() => import('./ConnectionTestPanel.client').then((module) => ({ default: module.ConnectionTestPanel })))

/** The connection test's island (see above). */
export function ConnectionTestLoader(props: Props) {
  return <ConnectionTestPanel {...props} />
}
