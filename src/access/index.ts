import type { Access } from 'payload'

export const signedIn: Access = ({ req }) => Boolean(req.user)

/** Visitors see published documents only; signed-in editors see drafts too. */
export const publishedOrSignedIn: Access = ({ req }) => (req.user ? true : { _status: { equals: 'published' } })

export const anyone: Access = () => true

/** Editors write; everyone reads. */
export const editorial = { read: anyone, create: signedIn, update: signedIn, delete: signedIn }

/**
 * Signed in as an admin: the user comes from the `admins` collection. Customers (a later
 * collection) never qualify, however they are signed in.
 */
export const isAdmin: Access = ({ req }) => req.user?.collection === 'admins'
