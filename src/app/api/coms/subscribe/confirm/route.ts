import { NextResponse } from 'next/server'
import { isLocaleCode } from '@/i18n/locales'
import { localizePath } from '@/i18n/paths'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { handler, methodNotAllowed, readBody } from '@/lib/http'
import { payloadClient } from '@/services/content/payload'
import { confirmSubscription } from '@/services/newsletter/subscribers'

/**
 * The confirmation page's form (`token`, `locale`, form-encoded): confirms the pending address and
 * answers 303 to `/{locale}/newsletter/confirm?done=1`; an invalid or expired token goes back to
 * the page without one, which explains. Opening the e-mailed link alone confirms nothing.
 */
export const POST = handler(async (request) => {
  const form = new URLSearchParams(await readBody(request, 4096))
  const locale = form.get('locale') ?? ''
  const page = localizePath(isLocaleCode(locale) ? locale : 'en', '/newsletter/confirm')
  const confirmed = await confirmSubscription(await payloadClient(), form.get('token'), now())
  return NextResponse.redirect(new URL(confirmed ? `${page}?done=1` : page, env().SITE_URL), { status: 303, headers: { 'cache-control': 'no-store' } })
})

export const GET = methodNotAllowed('POST')
