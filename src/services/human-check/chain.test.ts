import { afterEach, describe, expect, it, vi } from 'vitest'
import { env, resetEnv } from '@/lib/env'
import { captchaChain, captchaChainView, nextStep, type CaptchaSettings } from './chain'
import { captchaSources } from './csp'

const scripts = { RECAPTCHA_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js', HCAPTCHA_SCRIPT_URL: 'https://js.hcaptcha.com/1/api.js' }
const v3 = { RECAPTCHA_V3_SITE_KEY: 'v3-site', RECAPTCHA_V3_SECRET: 'v3-secret' }
const v2 = { RECAPTCHA_V2_SITE_KEY: 'v2-site', RECAPTCHA_V2_SECRET: 'v2-secret' }
const hcaptcha = { HCAPTCHA_SITE_KEY: 'h-site', HCAPTCHA_SECRET: 'h-secret' }
const settings = (keys: Partial<CaptchaSettings>, mirror = false): CaptchaSettings => ({ ...scripts, MIRROR_SITE: mirror, ...keys })

describe('captchaChain', () => {
  it('is ALTCHA alone without keys, mirror or not', () => {
    expect(captchaChain(settings({}))).toEqual(['altcha'])
    expect(captchaChain(settings({}, true))).toEqual(['altcha'])
  })

  it('puts each provider with both keys in order, and ALTCHA leaves', () => {
    expect(captchaChain(settings({ ...v3, ...v2, ...hcaptcha }))).toEqual(['v3', 'v2', 'hcaptcha'])
    expect(captchaChain(settings({ ...v3 }))).toEqual(['v3'])
    expect(captchaChain(settings({ ...v3, ...hcaptcha }))).toEqual(['v3', 'hcaptcha'])
    expect(captchaChain(settings({ ...v2, ...hcaptcha }))).toEqual(['v2', 'hcaptcha'])
    expect(captchaChain(settings({ ...hcaptcha }))).toEqual(['hcaptcha'])
    // Half a pair never runs (env() refuses it before it gets here).
    expect(captchaChain(settings({ RECAPTCHA_V3_SITE_KEY: 'v3-site', ...hcaptcha }))).toEqual(['hcaptcha'])
  })

  it('starts a mirror at hCaptcha, or keeps ALTCHA without hCaptcha keys', () => {
    expect(captchaChain(settings({ ...v3, ...v2, ...hcaptcha }, true))).toEqual(['hcaptcha'])
    expect(captchaChain(settings({ ...v3, ...v2 }, true))).toEqual(['altcha'])
  })

  it('names the step after another', () => {
    expect(nextStep(['v3', 'v2', 'hcaptcha'], 'v3')).toBe('v2')
    expect(nextStep(['v3', 'hcaptcha'], 'v3')).toBe('hcaptcha')
    expect(nextStep(['v3', 'v2', 'hcaptcha'], 'hcaptcha')).toBeUndefined()
    expect(nextStep(['altcha'], 'v3')).toBeUndefined()
  })

  it('tells the browser site keys and scripts of its steps only, never a secret', () => {
    expect(captchaChainView(settings({}))).toEqual({ chain: ['altcha'], siteKeys: {}, scripts: {} })
    const view = captchaChainView(settings({ ...v3, ...v2, ...hcaptcha }))
    expect(view).toEqual({ chain: ['v3', 'v2', 'hcaptcha'], siteKeys: { v3: 'v3-site', v2: 'v2-site', hcaptcha: 'h-site' }, scripts: { recaptcha: scripts.RECAPTCHA_SCRIPT_URL, hcaptcha: scripts.HCAPTCHA_SCRIPT_URL } })
    expect(JSON.stringify(view)).not.toContain('secret')
    expect(captchaChainView(settings({ ...v3, ...hcaptcha }, true))).toEqual({ chain: ['hcaptcha'], siteKeys: { hcaptcha: 'h-site' }, scripts: { hcaptcha: scripts.HCAPTCHA_SCRIPT_URL } })
  })
})

describe('captchaSources', () => {
  it('adds nothing without keys', () => {
    expect(captchaSources(settings({}))).toEqual({ script: [], style: [], img: [], connect: [], frame: [] })
  })

  it("names reCAPTCHA's and hCaptcha's hosts only for providers with keys", () => {
    const google = captchaSources(settings({ ...v3 }))
    expect(google.script).toEqual(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'])
    expect(google.frame).toEqual(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'])
    expect(JSON.stringify(google)).not.toContain('hcaptcha')
    const h = captchaSources(settings({ ...hcaptcha }))
    for (const key of ['script', 'frame', 'style', 'connect'] as const) expect(h[key]).toEqual(['https://hcaptcha.com', 'https://*.hcaptcha.com'])
    expect(JSON.stringify(h)).not.toContain('google')
  })

  it("takes a configured script URL's origin instead of the default's", () => {
    const net = captchaSources({ ...settings({ ...v3, ...hcaptcha }), RECAPTCHA_SCRIPT_URL: 'https://www.recaptcha.net/recaptcha/api.js', HCAPTCHA_SCRIPT_URL: 'https://captcha.example.net/1/api.js' })
    expect(net.script).toEqual(['https://www.recaptcha.net/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://captcha.example.net'])
    expect(net.connect).toEqual(['https://captcha.example.net'])
    expect(JSON.stringify(net)).not.toContain('www.google.com')
  })
})

describe('the environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    resetEnv()
  })

  it('stops on half a key pair, naming the missing variable', () => {
    vi.stubEnv('RECAPTCHA_V3_SITE_KEY', 'v3-site')
    resetEnv()
    expect(() => env()).toThrow(/RECAPTCHA_V3_SECRET: RECAPTCHA_V3_SECRET is missing/)
    vi.stubEnv('RECAPTCHA_V3_SITE_KEY', '')
    vi.stubEnv('HCAPTCHA_SECRET', 'h-secret')
    resetEnv()
    expect(() => env()).toThrow(/HCAPTCHA_SITE_KEY: HCAPTCHA_SITE_KEY is missing/)
  })

  it('has the defaults: minimum score 0.5, not a mirror, the providers’ own URLs', () => {
    resetEnv()
    expect(env()).toMatchObject({
      CAPTCHA_V3_MIN_SCORE: 0.5,
      MIRROR_SITE: false,
      RECAPTCHA_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
      HCAPTCHA_VERIFY_URL: 'https://api.hcaptcha.com/siteverify',
      RECAPTCHA_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js',
      HCAPTCHA_SCRIPT_URL: 'https://js.hcaptcha.com/1/api.js',
    })
  })
})
