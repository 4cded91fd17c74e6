/*
 * The service worker (built to /sw.js by sw-plugin.ts, which puts the build's file list and version in the two
 * constants below). It makes the app installable and its shell load offline; it never answers for the API.
 * A new deploy is a new sw.js (its version changes): it installs at once and takes over open tabs, which then offer
 * a reload (web/src/pwa/register.ts).
 */
import { swRoute } from './sw-routes.ts'

declare const __ZD_PRECACHE__: string[]
declare const __ZD_VERSION__: string

/* The few service-worker types used here (the web app's tsconfig has the DOM library, not WebWorker's). */
interface ExtendableEvent extends Event { waitUntil(p: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { request: Request; respondWith(r: Response | Promise<Response>): void }
interface NotificationEvent extends ExtendableEvent { notification: Notification }
interface WindowClient { focus(): Promise<unknown>; postMessage(message: unknown): void }
interface WorkerScope {
  location: Location
  skipWaiting(): Promise<void>
  clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<unknown>
  }
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void
  addEventListener(type: 'notificationclick', fn: (e: NotificationEvent) => void): void
}
const sw = self as unknown as WorkerScope

const SHELL = '/index.html'
const CACHE = `zapdesk-${__ZD_VERSION__}`
const buildFiles = new Set(__ZD_PRECACHE__)

sw.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE)
    // the shell first and alone: without it nothing loads offline; the rest is best effort
    await cache.add(new Request(SHELL, { cache: 'reload' }))
    await Promise.allSettled(__ZD_PRECACHE__.map((f) => cache.add(f)))
    await sw.skipWaiting()
  })())
})

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('zapdesk-') && key !== CACHE) await caches.delete(key)
    await sw.clients.claim()
  })())
})

async function shell(request: Request): Promise<Response> {
  try {
    const res = await fetch(request)
    // only a real page refreshes the kept shell (not an error page of a server being restarted)
    if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) {
      const copy = res.clone()
      void caches.open(CACHE).then((c) => c.put(SHELL, copy))
    }
    return res
  } catch (err) {
    const cached = await caches.match(SHELL)
    if (cached) return cached
    throw err
  }
}

async function build(request: Request): Promise<Response> {
  const cached = await caches.match(request)
  if (cached) return cached
  const res = await fetch(request)
  if (res.ok) {
    const copy = res.clone()
    void caches.open(CACHE).then((c) => c.put(request, copy))
  }
  return res
}

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  const route = swRoute(event.request.method, url, sw.location.origin, event.request.mode, buildFiles)
  if (route === 'shell') event.respondWith(shell(event.request))
  else if (route === 'build') event.respondWith(build(event.request))
})

// A notification shown through the worker (phones): bring a tab of the app forward and have it open the ticket.
sw.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data as { to?: unknown } | null
  const to = typeof data?.to === 'string' && data.to.startsWith('/') ? data.to : '/'
  event.waitUntil((async () => {
    const [client] = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
    if (!client) return void (await sw.clients.openWindow(to))
    await client.focus()
    client.postMessage({ type: 'zapdesk:open', to })
  })())
})
