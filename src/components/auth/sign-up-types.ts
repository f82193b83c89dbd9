// The sign-up form's props that its lazily loaded parts share.

export type SignUpTexts = Record<
  | 'emailLabel'
  | 'passwordLabel'
  | 'confirmPasswordLabel'
  | 'marketingConsent'
  | 'noSpam'
  | 'submit'
  | 'submitting'
  | 'strength'
  | 'strength0'
  | 'strength1'
  | 'strength2'
  | 'strength3'
  | 'strength4'
  | 'checkInbox'
  | 'sentTo'
  | 'haveAccount'
  | 'signInLink'
  | 'downloadFor'
  | 'otherPlatforms'
  | 'humanCheckLegend',
  string
>

/** One app to offer after sign-up (the download variant). */
/** `download`: a file this site (or its external host) serves, fetched rather than opened. */
export type DownloadOffer = { platform: string; name: string; href: string; external: boolean; download?: boolean }

/** "Have a gift code?" on `/sign-up`: the toggle, the field's label and the hint under it. */
export type GiftCodeTexts = { toggle: string; label: string; hint: string }
