/** Simplified glyphs of the five social networks in the footer. */
const glyphs = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V9c0-.6.4-1 1-1z',
  linkedin: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.8v1.7C14.4 9.6 15.8 8.7 18 8.7c3.5 0 4 2.3 4 5.3v7h-4v-6.2c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21H10z',
  twitter: 'M3 3h5l4.3 6L17.5 3H21l-7 8.1L21.5 21h-5l-4.8-6.5L6 21H2.5l7.6-8.7z',
  youtube: 'M22 8.2c-.2-1.6-1.1-2.7-2.7-2.9C16.9 5 12 5 12 5s-4.9 0-7.3.3C3.1 5.5 2.2 6.6 2 8.2 1.8 9.6 1.8 12 1.8 12s0 2.4.2 3.8c.2 1.6 1.1 2.7 2.7 2.9C7.1 19 12 19 12 19s4.9 0 7.3-.3c1.6-.2 2.5-1.3 2.7-2.9.2-1.4.2-3.8.2-3.8s0-2.4-.2-3.8zM10 15V9l5.2 3z',
  instagram: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM17.5 5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
} as const

export type SocialNetwork = keyof typeof glyphs

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={glyphs[network]} fillRule="evenodd" />
    </svg>
  )
}
