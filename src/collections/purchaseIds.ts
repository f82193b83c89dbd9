import type { CollectionBeforeValidateHook, Payload } from 'payload'
import { ValidationError } from 'payload'

/** Purchase ids name plans and add-ons alike, so one id may exist in only one of the two collections. */
export const PURCHASE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

export const purchaseIdField = {
  name: 'purchaseId',
  type: 'text' as const,
  required: true,
  unique: true,
  index: true,
  admin: { description: 'Lower-case letters, digits and -; unique across plans and add-ons. Pages and orders name it.' },
  validate: (value: unknown) => (typeof value === 'string' && PURCHASE_ID_PATTERN.test(value)) || 'Lower-case letters, digits and - (up to 64)',
}

async function takenElsewhere(payload: Payload, other: 'price-plans' | 'add-ons', purchaseId: string): Promise<boolean> {
  const found = await payload.count({ collection: other, where: { purchaseId: { equals: purchaseId } }, overrideAccess: true })
  return found.totalDocs > 0
}

/** A beforeValidate hook for one side: refuses an id the other collection already has. */
export function uniquePurchaseId(other: 'price-plans' | 'add-ons'): CollectionBeforeValidateHook {
  return async ({ data, req, collection }) => {
    const purchaseId = typeof data?.purchaseId === 'string' ? data.purchaseId.trim() : undefined
    if (data && purchaseId !== undefined) data.purchaseId = purchaseId
    if (purchaseId && (await takenElsewhere(req.payload, other, purchaseId))) {
      throw new ValidationError({
        collection: collection.slug,
        errors: [{ path: 'purchaseId', message: `The purchase id “${purchaseId}” is already used by ${other === 'add-ons' ? 'an add-on' : 'a plan'}` }],
      })
    }
    return data
  }
}
