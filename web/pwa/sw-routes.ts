/**
 * What the service worker does with a request (pure, so a unit test pins it down):
 * - 'shell': a page navigation; network first (a new deploy's index.html is seen at once), the cached shell only
 *   when the network fails;
 * - 'build': a file of the build (hashed names under /assets/ never change, plus icons and the manifest); cache first;
 * - 'pass': everything else, left to the browser untouched: the API (/api, including its websocket and uploaded
 *   media), other origins and non-GET calls. Caching the API would show stale or another user's data.
 */
export type SwRoute = 'shell' | 'build' | 'pass'

export function swRoute(method: string, url: URL, origin: string, mode: string, buildFiles: ReadonlySet<string>): SwRoute {
  if (method !== 'GET' || url.origin !== origin) return 'pass'
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'pass'
  if (mode === 'navigate') return 'shell'
  if (url.pathname.startsWith('/assets/') || buildFiles.has(url.pathname)) return 'build'
  return 'pass'
}

/** The build's files worth keeping for offline use: everything but source maps, the shell and the worker itself. */
export function precacheList(fileNames: Iterable<string>): string[] {
  const files = [...fileNames].filter((f) => !f.endsWith('.map') && f !== 'index.html' && f !== 'sw.js' && !f.startsWith('.'))
  return files.map((f) => `/${f}`).sort()
}
