// `vpn-download/`, `passwarden-download/`, `firewall-download/`: a product's current releases.
import { z } from 'zod'
import { apiError, handler, json, queryOf, requestLocale, tsParam } from '@/lib/http'
import { env } from '@/lib/env'
import { payloadClient } from '@/services/content/payload'
import { appPlatforms, type AppPlatform } from '@/services/downloads/apps'
import { currentReleases, type AppProduct, type ReleaseView } from '@/services/downloads/releases'

const query = z.object({ ...tsParam, locale: z.string().max(10).optional(), platform: z.string().max(40).optional() })
const isPlatform = (value: string): value is AppPlatform => (appPlatforms as readonly string[]).includes(value)

/** A release as the API gives it: the file's address absolute, so the apps can fetch it too. */
function answer({ download: _download, ...release }: ReleaseView) {
  return { ...release, url: release.url?.startsWith('/') ? new URL(release.url, env().SITE_URL).toString() : release.url }
}

/**
 * GET [?platform=][&locale=] → `{ product, releases: [{ platform, version, releaseDate, fileSize,
 * sha256, minOs, changelog, url }] }`; with a platform, that one release (`{ product, ... }`):
 * 400 INVALID_INPUT (`platform`) for an unknown one, 404 NOT_FOUND when it has no release.
 */
export function downloadRoute(product: AppProduct) {
  return {
    GET: handler(async (request: Request) => {
      const input = query.parse(queryOf(request))
      const platform = input.platform?.trim()
      if (platform !== undefined && !isPlatform(platform)) throw apiError('INVALID_INPUT', 'platform')
      const releases = await currentReleases(await payloadClient(), product, requestLocale(request), platform)
      if (!platform) return json({ product, releases: releases.map(answer) })
      if (!releases[0]) throw apiError('NOT_FOUND')
      return json({ product, ...answer(releases[0]) })
    }),
  }
}
