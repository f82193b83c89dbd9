// What the licences of the bundled geo-IP data ask of every page that shows its results.

/**
 * The bundled data's credits: country data from NRO statistics (CC BY 4.0; the country file
 * itself is CC0), networks from RouteViews, NRO and DB-IP (CC BY 4.0). DB-IP asks for a link
 * with exactly the text "IP Geolocation by DB-IP" on pages that display or use its results.
 */
export const GEOIP_ATTRIBUTION = {
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  sources: [
    { name: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
    { name: 'NRO', url: 'https://www.nro.net' },
    { name: 'RouteViews', url: 'https://www.routeviews.org' },
  ],
} as const
