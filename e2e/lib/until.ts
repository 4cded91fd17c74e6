/**
 * Polls `fn` until it answers something truthy (a failed call counts as not yet), or fails naming `what` after
 * `timeout` ms: for what the server does in the background (a delivery, a sandbox session coming up).
 */
export async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeout = 20_000): Promise<T> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await fn().catch(() => undefined)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 300))
  }
}
