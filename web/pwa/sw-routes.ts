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

/** A bundled file's name without its content hash and extension (assets/blueprint-icons-16-BquMfDVO.svg -> assets/blueprint-icons-16). */
const stemOf = (f: string): string => f.replace(/-[\w-]{8}\.[a-z0-9]+$/, '')
const OLDER_FONT_FORMATS = /\.(eot|ttf|woff|svg)$/

/**
 * The build's files worth keeping for offline use: everything but source maps, the shell and the worker itself, and
 * a font's older formats where it comes as woff2 too (Blueprint's icon fonts: eot, svg, ttf and woff, 1.9 of the
 * build's 4.7 MB). Every browser with service workers reads woff2, so a first visit never fetched those, yet each
 * one downloaded and stored them for the worker; one that asks for them still gets them (a 'build' file, kept on use).
 */
export function precacheList(fileNames: Iterable<string>): string[] {
  const files = [...fileNames].filter((f) => !f.endsWith('.map') && f !== 'index.html' && f !== 'sw.js' && !f.startsWith('.'))
  const woff2 = new Set(files.filter((f) => f.endsWith('.woff2')).map(stemOf))
  return files.filter((f) => !(OLDER_FONT_FORMATS.test(f) && woff2.has(stemOf(f)))).map((f) => `/${f}`).sort()
}
