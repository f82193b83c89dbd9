import { describe, expect, it } from 'vitest'
import { HttpError, bodyOf, readBody } from '../http'
import { cleanInput, cleanText, MAX_JSON_DEPTH, nestsDeeperThan } from './input'

describe('input cleaning', () => {
  it('removes NUL bytes and unpaired surrogates, keeps everything else', () => {
    expect(cleanText('a\u0000b')).toBe('ab')
    expect(cleanText('x\uD800y\uDC00z')).toBe('xyz')
    expect(cleanText('emoji 😀 stays')).toBe('emoji 😀 stays')
    expect(cleanText('日本語 العربية')).toBe('日本語 العربية')
    expect(cleanInput({ a: ['\u0000x', { b: 'y\uD800' }], n: 1 })).toEqual({ a: ['x', { b: 'y' }], n: 1 })
  })
})

/** A request whose body arrives in chunks, without a Content-Length. */
function chunked(parts: string[]): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
      controller.close()
    },
  })
  return new Request('http://localhost/api/x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${error.code}` : String(error)
  }
}

describe('the body-limit reader', () => {
  it('refuses a declared Content-Length over the limit before reading', async () => {
    const request = new Request('http://localhost/api/x', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '5000000' } })
    expect(await codeOf(readBody(request, 1024))).toBe('413 PAYLOAD_TOO_LARGE')
  })

  it('stops a chunked body as soon as it passes the limit', async () => {
    expect(await codeOf(readBody(chunked(['a'.repeat(600), 'b'.repeat(600), 'c'.repeat(600)]), 1024))).toBe('413 PAYLOAD_TOO_LARGE')
    expect(await readBody(chunked(['{"a":', '1}']), 1024)).toBe('{"a":1}')
  })

  // Found by the hostile-input suite: over the limit, a chunked body that handler() had cloned hung
  // for good, since the cancel of one branch of a tee waits for the other.
  it('refuses a chunked body over the limit at once when the request was cloned', async () => {
    const request = chunked(['a'.repeat(600), 'b'.repeat(600), 'c'.repeat(600)])
    const copy = request.clone()
    expect(await codeOf(readBody(request, 1024))).toBe('413 PAYLOAD_TOO_LARGE')
    expect(await codeOf(readBody(copy, 1024))).toBe('413 PAYLOAD_TOO_LARGE')
  })

  it('reads JSON objects, cleans their strings, and makes anything else an empty object', async () => {
    expect(await bodyOf(chunked(['{"q":"a\\u0000b"}']), 1024)).toEqual({ q: 'ab' })
    expect(await bodyOf(chunked(['not json']), 1024)).toEqual({})
    expect(await bodyOf(chunked(['[1,2]']), 1024)).toEqual({})
    expect(await bodyOf(new Request('http://localhost/api/x', { method: 'POST' }), 1024)).toEqual({})
  })

  // Found by the hostile-input suite: a body nested 5,000 deep overflowed cleanInput's stack (500 on /api/coms/survey/).
  it('makes a body nested deeper than MAX_JSON_DEPTH an empty object, without overflowing the stack', async () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)
    expect(await bodyOf(chunked([deep]), 1_000_000)).toEqual({})
    expect(await bodyOf(chunked([`{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`]), 1_000_000)).toEqual({})
    const atLimit = '{"a":'.repeat(MAX_JSON_DEPTH) + '"x\\u0000"' + '}'.repeat(MAX_JSON_DEPTH)
    expect(nestsDeeperThan(JSON.parse(atLimit))).toBe(false)
    expect(JSON.stringify(await bodyOf(chunked([atLimit]), 1_000_000))).toBe(atLimit.replace('\\u0000', ''))
    expect(nestsDeeperThan(JSON.parse(`{"a":${atLimit}}`))).toBe(true)
  })
})
