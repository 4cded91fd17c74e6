/** What the expiry watch needs of a socket: when its access token expires (ms since the epoch). */
export interface Expiring {
  expiresAt: number
}

/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_DELAY = 2 ** 31 - 1

/**
 * Ends sockets when their access token expires, with one timer for all of them instead of one each: a timer per
 * socket (its Timeout, its closure and, as every socket's delay differs, a timer list of its own) cost about 300
 * bytes per idle socket. The timer is set for the earliest expiry; when it fires, one pass over the sockets ends
 * those due and sets it for the next. A socket that closed before its expiry needs nothing: the pass no longer sees it.
 */
export class SessionExpiry<S extends Expiring> {
  private timer: NodeJS.Timeout | undefined
  private wakeAt = Infinity

  /** `sockets` lists the open sockets now; `expire` ends one whose token expired. */
  constructor(private sockets: () => Iterable<S>, private expire: (socket: S) => void) {}

  /** A socket joined: wake at its expiry if that comes before the timer's. */
  watch(socket: S): void {
    if (socket.expiresAt < this.wakeAt) this.schedule(socket.expiresAt)
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.wakeAt = Infinity
  }

  private schedule(at: number): void {
    clearTimeout(this.timer)
    this.wakeAt = at
    // Unref'd: the sockets keep the process alive, not the wait for one that may have closed since.
    this.timer = at === Infinity ? undefined : setTimeout(this.pass, Math.min(Math.max(0, at - Date.now()), MAX_DELAY)).unref()
  }

  private pass = (): void => {
    const now = Date.now()
    let next = Infinity
    const due: S[] = []
    for (const s of this.sockets()) {
      if (s.expiresAt <= now) due.push(s)
      else if (s.expiresAt < next) next = s.expiresAt
    }
    this.schedule(next)
    for (const s of due) this.expire(s)
  }
}
