import { getPayload, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import config from '@payload-config'
import { GET as oemGet, POST as requestOem } from '@/app/api/veilgate/vpn/request-oem/route'
import { POST as sendConfig } from '@/app/api/veilgate/vpn/send/route'
import { mailTo } from '../support/mail'
import { callRoute } from '../support/routes'

let payload: Payload
const stamp = Date.now()

beforeAll(async () => {
  payload = await getPayload({ config })
})

const oem = (email: string) => ({
  name: 'Ada Example',
  email,
  company: 'Example GmbH',
  website: 'https://example.com',
  seats: 40,
  message: 'We would like <b>40 seats</b> under our own brand.',
  locale: 'de',
})

describe('POST /api/veilgate/vpn/request-oem/', () => {
  it('answers 400 naming the first field for an empty body, and each wrong field', async () => {
    expect(await callRoute(requestOem, { path: '/api/veilgate/vpn/request-oem/', body: {} })).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'REQUIRED', field: 'name', message: 'This field is required' },
    })
    const email = `oem-bad-${stamp}@example.com`
    for (const [change, code, field] of [
      [{ email: 'not-an-address' }, 'INVALID_EMAIL', 'email'],
      [{ company: '   ' }, 'REQUIRED', 'company'],
      [{ website: 'javascript:alert(1)' }, 'INVALID_INPUT', 'website'],
      [{ seats: 0 }, 'INVALID_INPUT', 'seats'],
      [{ message: 'x'.repeat(5001) }, 'INVALID_INPUT', 'message'],
    ] as const) {
      expect(await callRoute(requestOem, { path: '/api/veilgate/vpn/request-oem/', body: { ...oem(email), ...change } }), field).toMatchObject({ status: 400, body: { code, field } })
    }
    expect((await payload.count({ collection: 'enquiries', where: { email: { equals: email } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await callRoute(oemGet, { path: '/api/veilgate/vpn/request-oem/' })).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED' } })
  })

  it('stores a full enquiry for the sales team and acknowledges it in the sender’s language, never quoting the message', async () => {
    const email = `oem-${stamp}@example.com`
    const answer = await callRoute(requestOem, { path: '/api/veilgate/vpn/request-oem/', body: { ...oem(email.toUpperCase()), seats: '40' } })
    expect(answer).toMatchObject({ status: 201, body: { id: expect.any(Number) } })
    const stored = await payload.findByID({ collection: 'enquiries', id: answer.body.id as number, overrideAccess: true })
    expect(stored).toMatchObject({ kind: 'oem', email, locale: 'de', name: 'Ada Example', company: 'Example GmbH', website: 'https://example.com', seats: 40, handled: false })
    const [mail] = await mailTo(payload, email, 'oem-request-received')
    expect(mail).toMatchObject({ subject: 'Wir haben Ihre Geschäftsanfrage erhalten' })
    expect(mail?.text).toContain('innerhalb von zwei Werktagen')
    expect(mail?.text).toContain('/de/extras/vpn-for-business')
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).not.toContain('40 seats')
      expect(body).not.toContain('Example GmbH')
      expect(body).not.toContain('Ada')
    }
  })
})

describe('POST /api/veilgate/vpn/send/', () => {
  const body = (email: string) => ({ email, platform: 'linux', protocol: 'wireguard', countryCode: 'de', locale: 'ar' })

  it('answers 400 naming the first field for an empty body, each wrong field, and a country without servers', async () => {
    expect(await callRoute(sendConfig, { path: '/api/veilgate/vpn/send/', body: {} })).toMatchObject({ status: 400, body: { code: 'REQUIRED', field: 'email' } })
    const email = `config-bad-${stamp}@example.com`
    for (const [change, field] of [
      [{ platform: 'amiga' }, 'platform'],
      [{ protocol: 'pptp' }, 'protocol'],
      [{ countryCode: 'DEU' }, 'countryCode'],
      [{ countryCode: 'AQ' }, 'countryCode'],
    ] as const) {
      expect(await callRoute(sendConfig, { path: '/api/veilgate/vpn/send/', body: { ...body(email), ...change } }), field).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field } })
    }
    expect((await payload.count({ collection: 'enquiries', where: { email: { equals: email } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('stores a configuration request and acknowledges it, naming platform and protocol', async () => {
    const email = `config-${stamp}@example.com`
    const answer = await callRoute(sendConfig, { path: '/api/veilgate/vpn/send/', body: body(email) })
    expect(answer).toMatchObject({ status: 201, body: { id: expect.any(Number) } })
    expect(await payload.findByID({ collection: 'enquiries', id: answer.body.id as number, overrideAccess: true })).toMatchObject({
      kind: 'config',
      email,
      locale: 'ar',
      platform: 'linux',
      protocol: 'wireguard',
      countryCode: 'DE',
    })
    const [mail] = await mailTo(payload, email, 'config-request-received')
    expect(mail?.subject).toBe('تلقّينا طلب الإعداد الخاص بك')
    expect(mail?.text).toContain('WireGuard')
    expect(mail?.text).toContain('Linux')
    expect(mail?.html).toContain('dir="rtl"')
  })
})

describe('the enquiries collection', () => {
  it('shows nothing to a customer or an anonymous visitor, and lets neither write', async () => {
    const customer = (await payload.find({ collection: 'customers', overrideAccess: true, limit: 1 })).docs[0]!
    const user = { ...customer, collection: 'customers' as const }
    await expect(payload.find({ collection: 'enquiries', overrideAccess: false })).rejects.toThrow()
    await expect(payload.find({ collection: 'enquiries', overrideAccess: false, user })).rejects.toThrow()
    await expect(payload.create({ collection: 'enquiries', data: { kind: 'oem', email: 'x@example.com', locale: 'en' }, overrideAccess: false, user })).rejects.toThrow()
    expect((await payload.find({ collection: 'enquiries', overrideAccess: true, limit: 1 })).totalDocs).toBeGreaterThan(0)
  })
})
