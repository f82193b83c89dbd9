// The VPN request forms: each request is stored for the sales or support team and acknowledged
// by e-mail in the sender's language, in one transaction (both or neither).
import type { Payload, PayloadRequest } from 'payload'
import { siteUrl } from '@/services/auth/accounts'
import { inTransaction } from '@/services/db'
import { appReleases } from '@/services/downloads/apps'
import { sendEmail } from '@/services/email/send'
import type { ConfigRequest, OemRequest } from '@/lib/validation/enquiries'

const protocolNames = { wireguard: 'WireGuard', openvpn: 'OpenVPN', ikev2: 'IKEv2' } as const

/** A business (OEM) enquiry: stored, then acknowledged without quoting anything the sender wrote. */
export async function recordOemRequest(payload: Payload, input: OemRequest): Promise<{ id: number }> {
  return inTransaction(payload, async ({ req }) => {
    const enquiry = await payload.create({
      collection: 'enquiries',
      data: { kind: 'oem', email: input.email, locale: input.locale, name: input.name, company: input.company, website: input.website, seats: input.seats, message: input.message },
      overrideAccess: true,
      depth: 0,
      req,
    })
    await sendEmail(
      { template: 'oem-request-received', to: input.email, locale: input.locale, data: { url: siteUrl(input.locale, '/extras/vpn-for-business') } },
      { payload, req: req as PayloadRequest },
    )
    return { id: enquiry.id }
  })
}

/** A configuration request: stored, then acknowledged naming the platform and protocol asked for. */
export async function recordConfigRequest(payload: Payload, input: ConfigRequest): Promise<{ id: number }> {
  return inTransaction(payload, async ({ req }) => {
    const enquiry = await payload.create({
      collection: 'enquiries',
      data: { kind: 'config', email: input.email, locale: input.locale, platform: input.platform, protocol: input.protocol, countryCode: input.countryCode },
      overrideAccess: true,
      depth: 0,
      req,
    })
    await sendEmail(
      {
        template: 'config-request-received',
        to: input.email,
        locale: input.locale,
        data: { platform: appReleases[input.platform].name, protocol: protocolNames[input.protocol], url: siteUrl(input.locale, '/help/manuals') },
      },
      { payload, req: req as PayloadRequest },
    )
    return { id: enquiry.id }
  })
}
