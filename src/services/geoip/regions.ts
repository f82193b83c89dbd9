// The four regions of the server locations, for every country: where the nearest server is
// sought when the visitor's own country has none.
import type { ServerLocation } from '@/payload-types'

export type LocationRegion = ServerLocation['region']

const members: Record<LocationRegion, string> = {
  europe: 'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  americas: 'AG AI AR AW BB BL BM BO BQ BR BS BZ CA CL CO CR CU CW DM DO EC FK GD GF GL GP GS GT GY HN HT JM KN KY LC MF MQ MS MX NI PA PE PM PR PY SR SV SX TC TT UM US UY VC VE VG VI',
  'asia-pacific':
    'AF AQ AS AU BD BN BT CC CK CN CX FJ FM GU HK HM ID IN IO JP KG KH KI KP KR KZ LA LK MH MM MN MO MP MV MY NC NF NP NR NU NZ PF PG PH PK PN PW SB SG TF TH TJ TK TL TM TO TV TW UZ VN VU WF WS',
  'middle-east-africa':
    'AE AM AO AZ BF BH BI BJ BV BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GE GH GM GN GQ GW IL IQ IR JO KE KM KW LB LR LS LY MA MG ML MR MU MW MZ NA NE NG OM PS QA RE RW SA SC SD SH SL SN SO SS ST SY SZ TD TG TN TR TZ UG YE YT ZA ZM ZW',
}

const regionByCountry = new Map<string, LocationRegion>(
  (Object.entries(members) as [LocationRegion, string][]).flatMap(([region, list]) => list.split(' ').map((code) => [code, region] as [string, LocationRegion])),
)

/** The region of an ISO 3166-1 alpha-2 country code, or null for one not in the table. */
export const countryRegion = (country: string | null | undefined): LocationRegion | null => (country ? (regionByCountry.get(country.toUpperCase()) ?? null) : null)

/** Every country code the table knows (for tests). */
export const regionCountries = (): string[] => [...regionByCountry.keys()]

type Sized = { countryCode: string; region: LocationRegion; servers: number }

/**
 * The nearest location for a visitor in `country`: the largest (most servers) in that country,
 * else in its region, else the largest overall. `locations` largest first, as `serverLocations()`
 * answers; null only when there are none.
 */
export function nearestLocation<T extends Sized>(locations: T[], country: string | null): T | null {
  const largest = (list: T[]) => list.reduce<T | null>((best, l) => (best === null || l.servers > best.servers ? l : best), null)
  const code = country?.toUpperCase()
  const region = countryRegion(code)
  return (code ? largest(locations.filter((l) => l.countryCode.toUpperCase() === code)) : null) ?? (region ? largest(locations.filter((l) => l.region === region)) : null) ?? largest(locations)
}
