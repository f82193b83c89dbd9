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
