import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppRelease } from '@/payload-types'
import { appFileUrl, fileNameOf, formatFileSize, hashFile, isSha256, releaseView, verifyCommand } from './releases'

describe('hashFile', () => {
  it('gives the SHA-256 and size of a known file, read as a stream', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hash-'))
    writeFileSync(path.join(dir, 'abc.txt'), 'abc')
    expect(await hashFile(path.join(dir, 'abc.txt'))).toEqual({ sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', size: 3 })
    writeFileSync(path.join(dir, 'empty'), '')
    expect(await hashFile(path.join(dir, 'empty'))).toEqual({ sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', size: 0 })
    // Larger than one stream chunk (64 KiB).
    writeFileSync(path.join(dir, 'big'), Buffer.alloc(300_000, 'a'))
    expect((await hashFile(path.join(dir, 'big'))).size).toBe(300_000)
    expect((await hashFile(path.join(dir, 'big'))).sha256).toMatch(/^[0-9a-f]{64}$/)
    await expect(hashFile(path.join(dir, 'missing'))).rejects.toThrow()
  })
})

describe('the SHA-256 rule', () => {
  it('takes 64 lower-case hexadecimal characters only', () => {
    expect(isSha256('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')).toBe(true)
    expect(isSha256('BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD')).toBe(false)
    expect(isSha256('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015a')).toBe(false)
    expect(isSha256('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015add')).toBe(false)
    expect(isSha256('ga7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')).toBe(false)
    expect(isSha256(undefined)).toBe(false)
  })
})

describe('releaseView', () => {
  const base = { id: 1, product: 'vpn', platform: 'windows', version: '5.4.2', releaseDate: '2026-11-10T00:00:00.000Z', updatedAt: '', createdAt: '' } as AppRelease
  it('points a file release at the file, with its hash', () => {
    const view = releaseView({ ...base, file: { id: 3, filename: 'veilgate vpn.exe', updatedAt: '', createdAt: '' }, sha256: 'a'.repeat(64), fileSize: 10 })
    expect(view).toMatchObject({ download: true, url: '/cms-api/app-files/file/veilgate%20vpn.exe', sha256: 'a'.repeat(64), fileSize: 10 })
  })
  it('gives a store entry its link and no hash', () => {
    expect(releaseView({ ...base, platform: 'ios', storeUrl: 'https://apps.apple.com/app/veilgate-vpn', sha256: 'a'.repeat(64) })).toMatchObject({
      download: false,
      url: 'https://apps.apple.com/app/veilgate-vpn',
      sha256: null,
      fileSize: null,
    })
    expect(appFileUrl({ filename: 'a/b' })).toBe('/cms-api/app-files/file/a%2Fb')
  })
})

describe('what the download cards print', () => {
  it('names the downloaded file and the command that hashes it on each desktop platform', () => {
    expect(fileNameOf('/cms-api/app-files/file/veilgate-vpn-5.4.2-windows.exe')).toBe('veilgate-vpn-5.4.2-windows.exe')
    expect(fileNameOf('https://cdn.example.com/builds/Veilgate%20Setup.exe?sig=1')).toBe('Veilgate Setup.exe')
    expect(verifyCommand('windows', 'setup.exe')).toBe('certutil -hashfile setup.exe SHA256')
    expect(verifyCommand('mac', 'Veilgate.dmg')).toBe('shasum -a 256 Veilgate.dmg')
    expect(verifyCommand('linux', 'veilgate_2.9.0_amd64.deb')).toBe('sha256sum veilgate_2.9.0_amd64.deb')
    expect(verifyCommand('windows', 'Veilgate Setup.exe')).toBe('certutil -hashfile "Veilgate Setup.exe" SHA256')
    expect(verifyCommand('ios', 'x.ipa')).toBeNull()
    expect(formatFileSize(139, 'en')).toBe('139 bytes')
    expect(formatFileSize(1, 'en')).toBe('1 byte')
    expect(formatFileSize(1_258_291, 'en')).toBe('1.2 MB')
    expect(formatFileSize(139, 'de')).toBe('139 Byte')
    expect(formatFileSize(139, 'ru')).toBe('139 байт')
    expect(formatFileSize(1_258_291, 'ru')).toBe('1,2 МБ')
    expect(formatFileSize(139, 'ja')).toBe('139 バイト')
    expect(formatFileSize(1_258_291, 'ja')).toBe('1.2 MB')
    expect(formatFileSize(139, 'ar')).toBe('139 بايت')
    expect(formatFileSize(86_528, 'ar')).toBe('84.5 كيلوبايت')
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB')
    expect(formatFileSize(52_428_800, 'de')).toBe('50 MB')
    expect(formatFileSize(1536, 'de')).toBe('1,5 kB')
  })
})
