import type { Access, SanitizedConfig } from 'payload'
import { isAdmin } from './index'

const operations = ['create', 'read', 'update', 'delete'] as const

/**
 * Payload lets any signed-in user through where a collection states no rule, and its own
 * collections (locked documents, migrations, preferences' create) rely on that. Here a
 * customer is a signed-in user too, so every such default becomes admins-only, and so does a
 * versioned collection's unstated `readVersions`.
 *
 * Payload's default rule is not exported; it is recognised as the function that guards the
 * migrations collection, which states no rule of its own.
 */
export async function adminsOnlyByDefault(pending: Promise<SanitizedConfig>): Promise<SanitizedConfig> {
  const config = await pending
  const reference = config.collections.find((c) => c.slug === 'payload-migrations')?.access.read
  for (const collection of config.collections) {
    const access = collection.access as Record<string, Access | undefined>
    for (const operation of operations) {
      if (reference && access[operation] === reference) access[operation] = isAdmin
    }
    if (collection.versions && !access.readVersions) access.readVersions = isAdmin
  }
  return config
}
