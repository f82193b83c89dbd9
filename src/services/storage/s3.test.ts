// Unit tests of the upload storage settings: S3 only with S3_BUCKET, its client settings, object keys, and failures in an editor's words.
import { describe, expect, it } from 'vitest'
import { collectionPrefix, fileRoute, objectKey, s3Settings, storeFailure } from './s3'

const base = { S3_BUCKET: undefined, S3_REGION: 'us-east-1', S3_ENDPOINT: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined, S3_FORCE_PATH_STYLE: false, S3_PREFIX: '' }

describe('upload storage settings', () => {
  it('are off without S3_BUCKET (files stay in MEDIA_DIR)', () => {
    expect(s3Settings(base)).toBeNull()
  })

  it('give the bucket, its folder and the client: region, endpoint, path style, keys, and checksums only where required', () => {
    expect(s3Settings({ ...base, S3_BUCKET: 'veilgate-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'site' })).toEqual({
      bucket: 'veilgate-media',
      prefix: 'site',
      client: {
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
      },
    })
    // AWS itself, with the machine's own credentials.
    expect(s3Settings({ ...base, S3_BUCKET: 'veilgate-media', S3_REGION: 'eu-central-1' })?.client).not.toHaveProperty('credentials')
    expect(s3Settings({ ...base, S3_BUCKET: 'veilgate-media', S3_REGION: 'eu-central-1' })?.client).not.toHaveProperty('endpoint')
  })

  it('refuse one key without the other', () => {
    expect(() => s3Settings({ ...base, S3_BUCKET: 'veilgate-media', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/)
  })

  it('put each collection in its folder, and find a file by its document’s prefix', () => {
    expect(collectionPrefix({ prefix: '' }, 'media')).toBe('media')
    expect(collectionPrefix({ prefix: 'site/eu' }, 'app-files')).toBe('site/eu/app-files')
    expect(objectKey({ prefix: 'site' }, 'media', 'logo.png')).toBe('site/media/logo.png')
    expect(objectKey({ prefix: 'site' }, 'media', '../logo.png', 'media')).toBe('media/logo.png')
    // Served where files from MEDIA_DIR are.
    expect(fileRoute('media', 'a b.png')).toBe('/cms-api/media/file/a%20b.png')
  })

  it('name why the store failed without its keys', () => {
    expect(storeFailure(Object.assign(new Error('x'), { name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } }))).toBe('the store refused our credentials')
    expect(storeFailure(Object.assign(new Error('x'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } }))).toBe('the bucket does not exist')
    expect(storeFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }))).toBe('the store did not answer')
  })
})
