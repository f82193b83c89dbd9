// The shared e-mail layout: header, body and footer in the brand's colours.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import { brand } from '@/lib/brand'
import type { EmailContent, EmailLocale } from './content'

/** Brand colours of the site (globals.css), inlined: mail clients ignore style sheets. */
const colour = { brand: '#4338ca', accent: '#0f766e', ink: '#14132b', muted: '#55546e', line: '#e4e4ef', surface: '#f7f7fc' }
const font = "'Noto Sans', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/**
 * The one layout of every message: the wordmark as text (no remote images, no scripts), a
 * heading, the body, a button with the raw link under it, and a footer saying why it came.
 */
export function EmailLayout({ content, locale }: { content: EmailContent; locale: EmailLocale }) {
  const align = locale.dir === 'rtl' ? 'right' : 'left'
  const text = { color: colour.ink, fontSize: '16px', lineHeight: '24px', textAlign: align } as const
  const small = { color: colour.muted, fontSize: '13px', lineHeight: '20px', textAlign: align } as const
  return (
    <Html lang={locale.tag} dir={locale.dir}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{content.paragraphs[0] ?? content.heading}</Preview>
      <Body style={{ backgroundColor: colour.surface, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', border: `1px solid ${colour.line}`, borderRadius: '12px', maxWidth: '560px', padding: '32px' }}>
          <Text style={{ color: colour.brand, fontSize: '24px', fontWeight: 700, letterSpacing: '-0.5px', margin: '0 0 24px', textAlign: align }}>
            {brand.name}
            <span style={{ color: colour.accent }}>.</span>
          </Text>
          <Heading as="h1" style={{ color: colour.ink, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px', textAlign: align }}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph, index) => (
            <Text key={index} style={text}>
              {paragraph}
            </Text>
          ))}
          {content.code ? (
            <Section style={{ margin: '16px 0' }}>
              <Text style={{ ...text, margin: '0 0 4px' }}>{content.code.label}</Text>
              <Text
                style={{ color: colour.ink, fontFamily: 'Menlo, Consolas, monospace', fontSize: '28px', fontWeight: 700, letterSpacing: '6px', margin: 0, textAlign: align }}
                dir="ltr"
              >
                {content.code.value}
              </Text>
            </Section>
          ) : null}
          <Section style={{ margin: '24px 0', textAlign: align }}>
            <Button
              href={content.action.url}
              style={{ backgroundColor: colour.brand, borderRadius: '8px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 24px' }}
            >
              {content.action.label}
            </Button>
          </Section>
          {content.after ? <Text style={text}>{content.after}</Text> : null}
          <Text style={small}>{content.linkHint}</Text>
          <Text style={{ ...small, wordBreak: 'break-all' }} dir="ltr">
            <Link href={content.action.url} style={{ color: colour.brand }}>
              {content.action.url}
            </Link>
          </Text>
          <Hr style={{ borderColor: colour.line, margin: '24px 0' }} />
          <Text style={small}>{content.reason}</Text>
          {content.unsubscribe ? (
            <Text style={small}>
              <Link href={content.unsubscribe.url} style={{ color: colour.brand }} data-unsubscribe>
                {content.unsubscribe.label}
              </Link>
            </Text>
          ) : null}
          <Text style={small}>{content.support}</Text>
          <Text style={small}>{content.automated}</Text>
        </Container>
      </Body>
    </Html>
  )
}
