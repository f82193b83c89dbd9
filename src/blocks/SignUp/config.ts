import type { Block } from 'payload'

/** The sign-up form, placeable on any page; the download variant offers the apps once the account exists. */
export const SignUpBlock: Block = {
  slug: 'signUp',
  interfaceName: 'SignUpBlock',
  labels: { singular: 'Sign-up form', plural: 'Sign-up forms' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    {
      name: 'variant',
      type: 'select',
      required: true,
      defaultValue: 'standard',
      options: [
        { label: 'Account only', value: 'standard' },
        { label: 'Account, then download the apps', value: 'download' },
      ],
    },
  ],
}
