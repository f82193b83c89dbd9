import type { Field } from 'payload'

/** A label and an internal path (`/order/pickup`) or absolute URL; internal paths get the locale prefix. */
export function linkFields(name: string, required = false): Field[] {
  return [
    { name: `${name}Label`, type: 'text', required },
    {
      name: `${name}Href`,
      type: 'text',
      required,
      validate: (value: unknown) =>
        !value || (typeof value === 'string' && /^(\/|https?:\/\/|mailto:|#)/.test(value))
          ? true
          : 'Use a path starting with / or a full URL',
    },
  ]
}

/**
 * The optional "Anchor" of every block: rendered as the block's `id`, so a link to `#to_{anchor}`
 * scrolls to it (the site-behaviours island). Letters, digits, `-` and `_`, starting with a letter.
 */
export const anchorField: Field = {
  name: 'anchor',
  type: 'text',
  label: 'Anchor',
  admin: { description: 'Optional. Links to #to_{anchor} scroll to this block, e.g. "pricing" for #to_pricing.' },
  validate: (value: unknown) =>
    !value || (typeof value === 'string' && /^[a-z][a-z0-9_-]{0,62}$/i.test(value)) ? true : 'Use letters, digits, - and _, starting with a letter',
}
