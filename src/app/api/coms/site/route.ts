import { z } from 'zod'
import { locales } from '@/i18n/locales'
import { brand, products } from '@/lib/brand'
import { handler, json, otherMethods, queryOf, tsParam } from '@/lib/http'

const query = z.object({ ...tsParam })

/** Site-wide facts for clients: brand, products and the locale table. */
export const GET = handler(async (request) => {
  query.parse(queryOf(request))
  return json({
    brand: brand.name,
    provider: brand.provider,
    products,
    social: brand.social,
    defaultLocale: 'en',
    locales: locales.map(({ code, label, tag, dir, main }) => ({ code, label, tag, dir, main })),
  })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
