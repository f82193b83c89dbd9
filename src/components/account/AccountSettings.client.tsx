'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { localizePath } from '@/i18n/paths'
import { apiFetch, clearSession, isSignedIn, logout, type ApiFailure } from '@/lib/session.client'
import type { SessionView } from '@/services/account/settings'
import { ChangeEmail, type ChangeEmailTexts } from './ChangeEmail.client'
import { ChangePassword, type ChangePasswordTexts } from './ChangePassword.client'
import { DeleteAccount, type DeleteAccountTexts } from './DeleteAccount.client'
import { toSignIn } from './navigation'
import { fill } from './fill'
import { SwitchTrack } from './SwitchTrack'

type Profile = { email: string | null; username: string | null; pendingEmail: string | null; locale: string; timezone: string; hasPassword: boolean; marketingConsent: boolean; marketingConsentAt: string | null }

export type SettingsTexts = Record<
  | 'settingsTitle'
  | 'signOut'
  | 'loading'
  | 'backToAccount'
  | 'ordersLink'
  | 'profileHeading'
  | 'emailLabel'
  | 'emailLanguage'
  | 'saved'
  | 'consentHeading'
  | 'consentLabel'
  | 'consentOn'
  | 'consentOff'
  | 'sessionsHeading'
  | 'sessionDevice'
  | 'sessionUnknown'
  | 'sessionCurrent'
  | 'sessionSince'
  | 'sessionLastUsed'
  | 'sessionSignOut'
  | 'signOutEverywhere'
  | 'emailPending'
  | 'emailPendingHint'
  | 'deleted'
  | 'deletedHome'
  | 'undefinedError',
  string
> &
  ChangePasswordTexts &
  ChangeEmailTexts &
  DeleteAccountTexts & { errors: Record<string, string> }

type Props = { locale: string; tag: string; texts: SettingsTexts; languages: { code: string; label: string; tag: string }[] }

/** `+0200` as an `Intl` time zone: the offset itself where the browser knows it, else the whole-hour `Etc/GMT-2`. */
function timeZoneOf(offset: string | undefined): string | undefined {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(offset ?? '')
  if (!match) return undefined
  const [, sign, hours, minutes] = match
  for (const zone of [`${sign}${hours}:${minutes}`, minutes === '00' ? `Etc/GMT${sign === '+' ? '-' : '+'}${Number(hours)}` : '']) {
    if (!zone) continue
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return zone
    } catch {
      // Not known here: try the next form.
    }
  }
  return undefined
}

/**
 * Account settings: the profile and the language of e-mails, marketing consent, and the active
 * sessions, read and changed through the account API with the stored tokens. Without a session it
 * goes to sign-in and back.
 */
export function AccountSettings({ locale, tag, texts, languages }: Props) {
  const ids = useId()
  const [profile, setProfile] = useState<Profile | null>(null)
  const [sessions, setSessions] = useState<SessionView[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [notes, setNotes] = useState<{ language?: string; consent?: string; sessions?: string }>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [deleted, setDeleted] = useState(false)
  const deletedRef = useRef<HTMLHeadingElement | null>(null)

  useEffect(() => {
    if (deleted) deletedRef.current?.focus()
  }, [deleted])

  const when = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZoneOf(profile?.timezone) }).format(new Date(iso))
  const fail = (failure: unknown, note?: keyof typeof notes) => {
    const answer = failure as ApiFailure
    if (answer.statusCode === 401) return toSignIn(locale)
    const message = answer.code ? answer.message : texts.undefinedError
    if (note) setNotes((current) => ({ ...current, [note]: message }))
    else setFailed(message)
  }

  const loadSessions = () => apiFetch<SessionView[]>('/api/veilgate/account/sessions/').then(setSessions)

  useEffect(() => {
    if (!isSignedIn()) return toSignIn(locale)
    Promise.all([apiFetch<Profile>('/api/veilgate/account/profile/').then(setProfile), loadSessions()]).catch((failure) => fail(failure))
    // The page loads once; the sign-in round trip brings the visitor back to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const saveProfile = async (change: Partial<Pick<Profile, 'locale' | 'marketingConsent'>>, note: 'language' | 'consent') => {
    if (busy) return
    setBusy(note)
    try {
      const next = await apiFetch<Profile>('/api/veilgate/account/profile/', { method: 'PATCH', body: change, query: { locale } })
      setProfile(next)
      setNotes((current) => ({ ...current, [note]: note === 'consent' ? (next.marketingConsent ? texts.consentOn : texts.consentOff) : texts.saved }))
    } catch (failure) {
      fail(failure, note)
    } finally {
      setBusy(null)
    }
  }

  const endSession = async (session: SessionView) => {
    if (busy) return
    setBusy(`session-${session.id}`)
    try {
      await apiFetch('/api/veilgate/account/sessions/revoke/', { body: { id: session.id } })
      if (session.current) {
        clearSession()
        return window.location.assign(localizePath(locale, '/sign-in'))
      }
      await loadSessions()
      setNotes((current) => ({ ...current, sessions: texts.saved }))
    } catch (failure) {
      fail(failure, 'sessions')
    } finally {
      setBusy(null)
    }
  }

  const endAll = async () => {
    if (busy) return
    setBusy('all')
    try {
      await apiFetch('/api/veilgate/account/sessions/revoke/', { body: { all: true } })
      clearSession()
      window.location.assign(localizePath(locale, '/sign-in'))
    } catch (failure) {
      fail(failure, 'sessions')
      setBusy(null)
    }
  }

  const signOut = async () => {
    await logout()
    window.location.assign(localizePath(locale, '/sign-in'))
  }

  const deviceName = (session: SessionView) =>
    session.browser && session.os ? fill(texts.sessionDevice, { browser: session.browser, os: session.os }) : (session.browser ?? session.os ?? texts.sessionUnknown)

  const ready = profile && sessions
  if (deleted) {
    return (
      <div className="grid max-w-xl gap-4" data-account-deleted>
        <h1 ref={deletedRef} tabIndex={-1} className="text-3xl font-extrabold tracking-tight outline-none">
          {texts.deleted}
        </h1>
        <a href={localizePath(locale, '/')} className="btn-primary w-fit px-6 py-3">
          {texts.deletedHome}
        </a>
      </div>
    )
  }
  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-extrabold tracking-tight">
          {texts.settingsTitle}
          <span className="mt-2 block text-lg font-medium text-muted" data-account-email>
            {profile?.email ?? profile?.username ?? '\u00a0'}
          </span>
        </h1>
        {ready && (
          <nav aria-label={texts.settingsTitle} className="flex flex-wrap items-center gap-4">
            <a href={localizePath(locale, '/my-account')} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {texts.backToAccount}
            </a>
            <a href={localizePath(locale, '/my-account/orders')} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {texts.ordersLink}
            </a>
            <button type="button" onClick={() => void signOut()} className="rounded-md border border-line px-4 py-2 text-sm font-medium">
              {texts.signOut}
            </button>
          </nav>
        )}
      </div>
      {!ready && !failed && (
        <p role="status" className="text-muted">
          {texts.loading}
        </p>
      )}
      {failed && (
        <p role="alert" className="font-medium text-red-700">
          {failed}
        </p>
      )}
      {ready && (
        <>
          <section aria-labelledby={`${ids}-profile`} className="grid max-w-xl gap-4">
            <h2 id={`${ids}-profile`} className="text-2xl font-bold">
              {texts.profileHeading}
            </h2>
            <dl className="grid gap-1">
              <dt className="text-sm text-muted">{texts.emailLabel}</dt>
              <dd className="font-medium" data-profile-email>
                {profile.email ?? profile.username}
              </dd>
            </dl>
            <div role="status" data-email-pending>
              {profile.pendingEmail && (
                <div className="rounded-xl border border-line bg-brand-50 px-4 py-3">
                  <p className="font-medium">{fill(texts.emailPending, { email: profile.pendingEmail })}</p>
                  <p className="text-sm text-muted">{texts.emailPendingHint}</p>
                </div>
              )}
            </div>
            {profile.hasPassword && (
              <ChangeEmail
                locale={locale}
                texts={texts}
                errors={texts.errors}
                onRequested={(email) => setProfile((current) => current && { ...current, pendingEmail: email })}
                onSignedOut={() => toSignIn(locale)}
              />
            )}
            <div className="grid gap-1">
              <label htmlFor={`${ids}-language`} className="font-medium">
                {texts.emailLanguage}
              </label>
              <select
                id={`${ids}-language`}
                value={profile.locale}
                onChange={(event) => void saveProfile({ locale: event.target.value }, 'language')}
                aria-describedby={`${ids}-language-note`}
                aria-busy={busy === 'language' ? true : undefined}
                className="rounded-md border border-line bg-white px-3 py-2"
              >
                {languages.map((language) => (
                  <option key={language.code} value={language.code} lang={language.tag}>
                    {language.label}
                  </option>
                ))}
              </select>
              <p id={`${ids}-language-note`} role="status" className="min-h-5 text-sm text-muted" data-language-note>
                {notes.language ?? ''}
              </p>
            </div>
          </section>

          <section aria-labelledby={`${ids}-password`} className="grid max-w-xl gap-3">
            <h2 id={`${ids}-password`} className="text-2xl font-bold">
              {texts.passwordHeading}
            </h2>
            <ChangePassword email={profile.email ?? profile.username ?? ''} hasPassword={profile.hasPassword} texts={texts} errors={texts.errors} onChanged={() => {
                setProfile((current) => current && { ...current, hasPassword: true })
                void loadSessions().catch(fail)
              }} onSignedOut={() => toSignIn(locale)} />
          </section>

          <section aria-labelledby={`${ids}-consent`} className="grid max-w-xl gap-3">
            <h2 id={`${ids}-consent`} className="text-2xl font-bold">
              {texts.consentHeading}
            </h2>
            <button
              type="button"
              role="switch"
              aria-checked={profile.marketingConsent}
              aria-busy={busy === 'consent' ? true : undefined}
              aria-describedby={`${ids}-consent-note`}
              onClick={() => void saveProfile({ marketingConsent: !profile.marketingConsent }, 'consent')}
              className="inline-flex items-center gap-3 text-start font-medium"
              data-consent
            >
              <SwitchTrack on={profile.marketingConsent} />
              {texts.consentLabel}
            </button>
            <p id={`${ids}-consent-note`} role="status" className="min-h-5 text-sm text-muted" data-consent-note>
              {notes.consent ?? ''}
            </p>
          </section>

          <section aria-labelledby={`${ids}-sessions`} className="grid gap-3">
            <h2 id={`${ids}-sessions`} className="text-2xl font-bold">
              {texts.sessionsHeading}
            </h2>
            <ul className="grid gap-2">
              {sessions.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line px-4 py-3" data-session={session.id} data-current={session.current ? 'true' : undefined}>
                  <span className="grid gap-0.5">
                    <span className="font-medium">
                      {deviceName(session)}
                      {session.current && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{texts.sessionCurrent}</span>}
                    </span>
                    <span className="text-sm text-muted">
                      {fill(texts.sessionSince, { date: when(session.createdAt) })}
                      {session.lastUsedAt ? ` · ${fill(texts.sessionLastUsed, { date: when(session.lastUsedAt) })}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    onClick={() => void endSession(session)}
                    aria-label={`${texts.sessionSignOut}: ${deviceName(session)}${session.current ? ` (${texts.sessionCurrent})` : ''}`}
                    aria-busy={busy === `session-${session.id}` ? true : undefined}
                    className="rounded-md border border-line px-3 py-1.5 text-sm font-medium"
                  >
                    {texts.sessionSignOut}
                  </button>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" onClick={() => void endAll()} aria-busy={busy === 'all' ? true : undefined} className="rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-700">
                {texts.signOutEverywhere}
              </button>
              <p role="status" className="min-h-5 text-sm text-muted" data-sessions-note>
                {notes.sessions ?? ''}
              </p>
            </div>
          </section>

          <section aria-labelledby={`${ids}-delete`} className="grid max-w-xl gap-3">
            <h2 id={`${ids}-delete`} className="text-2xl font-bold">
              {texts.deleteHeading}
            </h2>
            <DeleteAccount hasPassword={profile.hasPassword} texts={texts} errors={texts.errors} onDeleted={() => setDeleted(true)} onSignedOut={() => toSignIn(locale)} />
          </section>
        </>
      )}
    </div>
  )
}
