// Dollar amounts on the order islands without an Intl.NumberFormat in the browser at hydration.
//
// The first Intl.NumberFormat a Chromium renderer builds costs 26–28 ms here (ICU's number
// formatting starting up), about 110 ms under Lighthouse's 4× slower CPU, and it was most of the
// checkout's longest task at hydration. The server reads the locale's pattern once (the parts of
// a formatted $123.45 and the locale's ten digits); the browser fills amounts into it. Amounts it
// cannot be sure of (negative, $1,000 and over where grouping starts, fractions of a cent) go to
// Intl.NumberFormat, built on first use. For $0.00–$999.99 the result is the formatter's own, in
// every locale (src/lib/money-format.test.ts).

/** A formatted amount, in order: the figures before and after the decimal sign, and text as is. */
type Part = 'integer' | 'fraction' | { text: string }

export type MoneyPattern = {
  /** The language tag (the browser's formatter uses it for what the pattern does not cover). */
  tag: string
  /** The parts of $123.45 in this locale, or null when they are not one integer and one fraction. */
  parts: Part[] | null
  /** The locale's figures for 0–9. */
  digits: string[]
}

const usd = (tag: string) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' })
/** Western figures written in the locale's digits. */
const inDigits = (value: string, digits: string[]) => value.replace(/[0-9]/g, (digit) => digits[Number(digit)]!)

/** The pattern of US dollar amounts in `tag`, read on the server. */
export function moneyPattern(tag: string): MoneyPattern {
  const sample = usd(tag).formatToParts(123.45)
  const plain = new Intl.NumberFormat(tag, { useGrouping: false })
  const digits = Array.from({ length: 10 }, (_, digit) => plain.format(digit))
  const parts = sample.map((part): Part => (part.type === 'integer' ? 'integer' : part.type === 'fraction' ? 'fraction' : { text: part.value }))
  const count = (kind: Part) => parts.filter((part) => part === kind).length
  // The figures read back as 123 and 45 in the locale's digits: otherwise the pattern is not trusted.
  const readBack = sample.find((part) => part.type === 'integer')?.value === inDigits('123', digits) && sample.find((part) => part.type === 'fraction')?.value === inDigits('45', digits)
  const trusted = count('integer') === 1 && count('fraction') === 1 && readBack && digits.every((digit) => digit.length > 0)
  return { tag, parts: trusted ? parts : null, digits }
}

/** Formats dollars (`format(12.5)` → "$12.50" in en-US) from a pattern: the same text as `Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' })`. */
export function moneyFormatter(pattern: MoneyPattern): { format(value: number): string } {
  let intl: Intl.NumberFormat | null = null
  return {
    format(value: number) {
      const cents = Math.round(value * 100)
      if (pattern.parts && Number.isFinite(value) && !Object.is(value, -0) && cents >= 0 && cents < 100_000 && Math.abs(value * 100 - cents) < 1e-6) {
        const integer = inDigits(String(Math.floor(cents / 100)), pattern.digits)
        const fraction = inDigits(String(cents % 100).padStart(2, '0'), pattern.digits)
        return pattern.parts.map((part) => (part === 'integer' ? integer : part === 'fraction' ? fraction : part.text)).join('')
      }
      intl ??= usd(pattern.tag)
      return intl.format(value)
    },
  }
}
