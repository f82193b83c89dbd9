/** Calls an app route handler in-process, as Next would, with a JSON body and headers. */
export async function callRoute(
  handler: (request: Request, context: never) => Promise<Response>,
  init: { method?: string; path?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(init.path ?? '/api/veilgate/auth/x/', 'http://localhost:3000')
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value)
  const request = new Request(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  })
  const response = await handler(request, (init.params ? { params: Promise.resolve(init.params) } : {}) as never)
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> }
}
