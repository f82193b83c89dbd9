import type { Block } from 'payload'

/** Where the newsletter sign-up sits on a page; the form itself comes with the newsletter feature. */
export const NewsletterBlock: Block = {
  slug: 'newsletter',
  interfaceName: 'NewsletterBlock',
  labels: { singular: 'Newsletter', plural: 'Newsletters' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
  ],
}
