/**
 * Shows a system notification; a click brings the tab forward and calls `onOpen`. Phones' Chrome refuses
 * `new Notification()` (pages there must go through the service worker), so that path is the fallback: the worker
 * focuses the tab and sends it the address to open (see sw.ts and listenForNotificationClicks).
 */
export function showSystemNotification(title: string, opts: { body?: string; tag: string; to?: string }, onOpen: () => void): void {
  const options = { body: opts.body, tag: opts.tag, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png' }
  try {
    const shown = new Notification(title, options)
    shown.onclick = () => {
      window.focus()
      onOpen()
      shown.close()
    }
  } catch {
    void navigator.serviceWorker?.ready
      .then((reg) => reg.showNotification(title, { ...options, data: { to: opts.to } }))
      .catch(() => undefined)
  }
}

/** Messages from the service worker: a notification it showed was clicked, open what it points to. */
export function listenForNotificationClicks(open: (to: string) => void): () => void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
  if (!container) return () => undefined
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: string; to?: unknown } | null
    if (data?.type === 'zapdesk:open' && typeof data.to === 'string') open(data.to)
  }
  container.addEventListener('message', onMessage)
  return () => container.removeEventListener('message', onMessage)
}
