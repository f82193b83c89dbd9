// Unit tests of Amazon Pay's charge notices (the sandbox's signature, their shape) and of the approval's 30 minutes.
import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http'
import { signPayload } from '@/services/payments/webhooks'
import { APPROVAL_TTL_MS, approvalExpiry, approvalState } from './approval'
import { readAmazonNotice, sandboxAmazonNotice } from './notices'

const secret = 'amazon-test-secret'
const at = new Date('2026-11-29T12:00:00Z')
const notice = sandboxAmazonNotice({ providerRef: 'sbx_12_1', status: 'succeeded', orderId: 12, attempt: 1 })!
const body = JSON.stringify(notice)
const headers = (signature: string | null) => new Headers(signature === null ? {} : { 'sandbox-signature': signature })
const codeOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof HttpError ? error.code : 'other'
  }
  return null
}

describe('Amazon Pay charge notices', () => {
  it('say Completed, Declined or Canceled, one id per charge and outcome, none while the approval waits', () => {
    expect(notice).toEqual({ NotificationId: expect.stringMatching(/^SBX-NTF-[0-9A-F]{24}$/), ChargeId: 'sbx_12_1', ChargeStatus: 'Completed', MerchantReference: 'order:12:attempt:1' })
    expect(sandboxAmazonNotice({ providerRef: 'sbx_12_1', status: 'succeeded', orderId: 12, attempt: 1 })!.NotificationId).toBe(notice.NotificationId)
    expect(sandboxAmazonNotice({ providerRef: 'sbx_12_1', status: 'failed', providerCode: 'payment_declined', orderId: 12, attempt: 1 })!.ChargeStatus).toBe('Declined')
    expect(sandboxAmazonNotice({ providerRef: 'sbx_12_1', status: 'failed', providerCode: 'payment_canceled', orderId: 12, attempt: 1 })!.ChargeStatus).toBe('Canceled')
    expect(sandboxAmazonNotice({ providerRef: 'sbx_12_1', status: 'requires_action', orderId: 12, attempt: 1 })).toBeNull()
  })

  it('are read when the signature holds for this body now', () => {
    expect(readAmazonNotice(secret, body, headers(signPayload(secret, body, at)), at)).toEqual({
      provider: 'sandbox',
      source: 'amazon',
      eventId: notice.NotificationId,
      type: 'CHARGE.COMPLETED',
      relevant: true,
      providerRef: 'sbx_12_1',
      attemptKey: 'order:12:attempt:1',
      outcome: 'succeeded',
    })
    // Within the five minutes either way.
    expect(readAmazonNotice(secret, body, headers(signPayload(secret, body, new Date(at.getTime() - 299_000))), at).outcome).toBe('succeeded')
  })

  it('are refused with a bad, missing or stale signature: INVALID_SIGNATURE', () => {
    expect(codeOf(() => readAmazonNotice(secret, body, headers(null), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readAmazonNotice(secret, body, headers(signPayload('another-secret', body, at)), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readAmazonNotice(secret, `${body} `, headers(signPayload(secret, body, at)), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readAmazonNotice(secret, body, headers(signPayload(secret, body, new Date(at.getTime() - 301_000))), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readAmazonNotice(secret, body, headers(signPayload(secret, body, new Date(at.getTime() + 301_000))), at))).toBe('INVALID_SIGNATURE')
    expect(codeOf(() => readAmazonNotice(secret, body, headers('t=abc,v1=00'), at))).toBe('INVALID_SIGNATURE')
  })

  it('signed but malformed: INVALID_INPUT', () => {
    for (const raw of ['', 'null', '{', JSON.stringify({ ...notice, ChargeStatus: 'Open' }), JSON.stringify({ ...notice, ChargeId: '' }), JSON.stringify({ ChargeStatus: 'Completed' })]) {
      expect(codeOf(() => readAmazonNotice(secret, raw, headers(signPayload(secret, raw, at)), at))).toBe('INVALID_INPUT')
    }
  })
})

describe('an Amazon Pay approval', () => {
  it('lasts 30 minutes from its giving, by the clock it is read with', () => {
    const expiresAt = approvalExpiry(at).toISOString()
    expect(APPROVAL_TTL_MS).toBe(30 * 60_000)
    expect(expiresAt).toBe('2026-11-29T12:30:00.000Z')
    expect(approvalState({ approvalExpiresAt: null }, at)).toBe('none')
    expect(approvalState({ approvalExpiresAt: expiresAt }, at)).toBe('valid')
    expect(approvalState({ approvalExpiresAt: expiresAt }, new Date('2026-11-29T12:29:59.999Z'))).toBe('valid')
    expect(approvalState({ approvalExpiresAt: expiresAt }, new Date('2026-11-29T12:30:00.000Z'))).toBe('expired')
    expect(approvalState({ approvalExpiresAt: expiresAt }, new Date('2026-11-30T12:00:00Z'))).toBe('expired')
  })
})
