import type { Access, PayloadRequest } from 'payload'

/**
 * Signed in as an admin: the user comes from the `admins` collection. Customers, however they
 * got a token, never qualify.
 */
export const isAdmin = ({ req }: { req: PayloadRequest }): boolean => req.user?.collection === 'admins'

/** "Signed in" in the admin's sense: an admin. */
export const signedIn: Access = isAdmin

/** Visitors (and customers) see published documents only; admins see drafts too. */
export const publishedOrSignedIn: Access = (args) => (isAdmin(args) ? true : { _status: { equals: 'published' } })

export const anyone: Access = () => true

/** Admins write; everyone reads. */
export const editorial = { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin }
