import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_GUARD_MS, isChunkFailure, isChunkScript, mayReload } from './chunk-guard'

describe('the chunk-reload guard', () => {
  it('reloads once per 60 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000)
    const at = 1_800_000_000_000
    expect(mayReload(at, null)).toBe(true)
    expect(mayReload(at, at - 59_999)).toBe(false)
    expect(mayReload(at, at)).toBe(false)
    expect(mayReload(at, at - 60_000)).toBe(true)
    expect(mayReload(at, Number.NaN)).toBe(true)
    // A stored time in the future (a clock set back) does not block reloading for ever.
    expect(mayReload(at, at + 3_600_000)).toBe(true)
  })

  it('tells chunk failures from other errors', () => {
    expect(isChunkFailure(Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' }))).toBe(true)
    expect(isChunkFailure(new Error('Failed to load chunk /_next/static/chunks/abc.js from module 42'))).toBe(true)
    expect(isChunkFailure(new TypeError('Failed to fetch dynamically imported module: http://x/_next/static/chunks/a.js'))).toBe(true)
    expect(isChunkFailure(new Error('Something else'))).toBe(false)
    expect(isChunkFailure('Loading chunk 1 failed')).toBe(false)
    expect(isChunkFailure(null)).toBe(false)
  })

  it('watches only the site’s code chunks', () => {
    expect(isChunkScript('http://localhost:3000/_next/static/chunks/abc.js')).toBe(true)
    expect(isChunkScript('/_next/static/chunks/abc.js')).toBe(true)
    expect(isChunkScript('http://localhost:3000/scripts/after-paint.js')).toBe(false)
  })
})
