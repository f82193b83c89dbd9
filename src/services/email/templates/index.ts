// Rendering a template to subject, HTML and text in one language.
import path from 'node:path'
import { createElement } from 'react'
import { emailLocale, emailTranslator, offsetMinutes, siteLink, type EmailContent, type EmailLocale } from './content'
import { templates, templateVariables, type TemplateData, type TemplateName } from './definitions'
import { EmailLayout } from './Layout'

export { templateNames, isTemplateName, type TemplateData, type TemplateName } from './definitions'
export type { EmailLocale } from './content'

export type RenderedEmail = { subject: string; text: string; html: string; locale: EmailLocale }

/**
 * React Email's renderer, loaded at run time by Node itself from node_modules. A static import
 * would pull react-dom/server into the server-component bundle, which `next build` refuses, and
 * the bundler stubs out a `require` it can see; `process.getBuiltinModule` is invisible to it.
 * (The templates use no hooks, so elements made by the bundle's React render fine.)
 */
function renderer(): { render: (node: unknown, options?: object) => Promise<string> } {
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module')
  const load = createRequire(path.join(process.cwd(), 'package.json'))
  return load('@react-email/render') as { render: (node: unknown, options?: object) => Promise<string> }
}

/** The plain-text body, written from the same content as the HTML (not stripped from it). */
export function plainText(content: EmailContent): string {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])]
  if (content.code) lines.push(content.code.label, content.code.value, '')
  lines.push(`${content.action.label}:`, content.action.url, '')
  if (content.after) lines.push(content.after, '')
  lines.push('--', content.reason)
  if (content.unsubscribe) lines.push(`${content.unsubscribe.label}: ${content.unsubscribe.url}`)
  lines.push(content.support, content.automated)
  return lines.join('\n')
}

/** Subject, text and HTML of one template, in the customer's locale and at their UTC offset. */
export async function renderEmail<T extends TemplateName>(
  template: T,
  data: TemplateData[T],
  options: { locale?: string; timezone?: string; unsubscribeUrl?: string } = {},
): Promise<RenderedEmail> {
  const compose = templates[template]
  if (!compose || !Object.hasOwn(templates, template)) throw new Error(`Unknown e-mail template "${String(template)}"`)
  const given = (data ?? {}) as Record<string, unknown>
  const missing = (templateVariables[template] as readonly string[]).filter((key) => given[key] === undefined || given[key] === null || given[key] === '')
  if (missing.length) throw new Error(`E-mail template "${template}" is missing ${missing.join(', ')}`)
  const locale = emailLocale(options.locale)
  const timezone = options.timezone ?? '+0000'
  offsetMinutes(timezone)
  const t = await emailTranslator(locale)
  const content = compose(data, { t, locale, timezone })
  if (options.unsubscribeUrl) content.unsubscribe = { label: t('unsubscribe'), url: siteLink(options.unsubscribeUrl) }
  const html = await renderer().render(createElement(EmailLayout, { content, locale }))
  return { subject: content.subject, text: plainText(content), html, locale }
}
