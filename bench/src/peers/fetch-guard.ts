/**
 * Keeps peer libraries on this machine: `fetch` to anything but loopback throws (and is recorded) instead of leaving.
 * chainkit sends telemetry to PostHog unless `enableTelemetry: false`, and some operations of it ignore the client's
 * `serverURL`; neither may reach the network from a benchmark. Install before importing a peer library.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** URLs a library tried to reach outside loopback, in order. */
export const blocked: string[] = []

export function installFetchGuard(): void {
  const realFetch = globalThis.fetch
  const guarded = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    // The devnet's URLs take the fast path: the guard must not cost the libraries it wraps anything measurable.
    if (href.startsWith('http://127.0.0.1:')) return realFetch(input, init)
    let host = ''
    try {
      host = new URL(href).hostname
    } catch {}
    if (!LOOPBACK.has(host)) {
      blocked.push(href)
      return Promise.reject(new TypeError(`the benchmark blocks requests off this machine: ${href}`))
    }
    return realFetch(input, init)
  }
  globalThis.fetch = guarded as typeof fetch
}

/** Origins (scheme, host, path without query) of the blocked requests, each once. */
export function blockedSummary(): string[] {
  return [...new Set(blocked.map((href) => href.replace(/\?.*$/, '')))]
}
