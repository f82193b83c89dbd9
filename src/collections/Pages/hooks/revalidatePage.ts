import { revalidateDeleted, revalidateDocument } from '../../revalidate'

/** A page edit in one locale can change every locale that falls back to it, so all are refreshed. */
export const revalidatePage = revalidateDocument((doc) => [doc.path])

export const revalidatePageDelete = revalidateDeleted((doc) => [doc.path])
