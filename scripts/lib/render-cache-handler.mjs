// Next's `cacheHandler` (next.config.ts): each IncrementalCache Next makes (one per request) hands
// its calls to the process's one RenderCache (scripts/lib/render-cache.mjs), shared with the web
// server, which stamps the tags of every content-change signal on it.
import path from 'node:path'
import { sharedRenderCache } from './render-cache.mjs'

export default class VeilgateCacheHandler {
  constructor(ctx = {}) {
    this.cache = sharedRenderCache(ctx.serverDistDir ? { distDir: path.dirname(ctx.serverDistDir) } : {})
  }

  get(key, ctx) {
    return this.cache.get(key, ctx)
  }

  set(key, data, ctx) {
    return this.cache.set(key, data, ctx)
  }

  revalidateTag(tags) {
    return this.cache.revalidateTag(tags)
  }

  resetRequestCache() {}
}
