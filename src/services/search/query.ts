// The search request's validation.
import { z } from 'zod'
import { defaultLocale, isLocaleCode } from '@/i18n/locales'
import { tsParam } from '@/lib/http'

export const searchQuery = z
  .object({
    q: z.string().trim().min(1).max(200).optional(),
    query: z.string().trim().min(1).max(200).optional(),
    locale: z.string().max(5).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    perPage: z.coerce.number().int().min(1).max(50).default(10),
    ...tsParam,
  })
  .refine((value) => value.q ?? value.query, { message: 'q is required', path: ['q'] })
  .transform((value) => ({
    query: (value.q ?? value.query)!,
    locale: isLocaleCode(value.locale) ? value.locale : defaultLocale,
    page: value.page,
    perPage: value.perPage,
  }))
