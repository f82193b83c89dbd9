import { GEOIP_ATTRIBUTION } from '@/services/geoip/attribution'

/**
 * The credits the geo-IP data's licences require, for every page that shows a lookup's result.
 * `label`: the `GeoIp.attribution` message of the page's locale; the source names and DB-IP's
 * link text stay in English, as its licence words them.
 */
export function GeoIpAttribution({ label }: { label: string }) {
  return (
    <p className="text-xs text-muted" data-geoip-attribution="">
      {label}{' '}
      {GEOIP_ATTRIBUTION.sources.map((source, i) => (
        <span key={source.url}>
          {i > 0 && ', '}
          <a href={source.url} className="underline" lang="en">
            {source.name}
          </a>
        </span>
      ))}{' '}
      (
      <a href={GEOIP_ATTRIBUTION.licence.url} className="underline" rel="license" lang="en">
        {GEOIP_ATTRIBUTION.licence.name}
      </a>
      )
    </p>
  )
}
