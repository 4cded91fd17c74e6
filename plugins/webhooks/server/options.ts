import type { FastifyInstance } from 'fastify'
import { hostList, outboundRequest, privateTargetAllowed, type OutboundRequest, type OutboundResponse } from '@zapdesk/plugin-api'

/**
 * The worker's knobs, from the environment (README.md); tests change them on `app.webhooks.options`.
 */
export interface WebhookOptions {
  /** One delivery attempt that takes longer fails (and is retried). */
  timeoutMs: number
  /** First retry delay; it doubles each attempt up to maxDelayMs. */
  retryBaseMs: number
  maxDelayMs: number
  /** A delivery not delivered this long after its event is given up ('failed'). */
  giveUpMs: number
  /** The worker wakes this often (and at once when an event is written). */
  wakeEveryMs: number
  /** A row left 'sending' longer than this was claimed by a worker that died: it is claimed again. */
  claimTimeoutMs: number
  /** Delivered and failed deliveries stay in the log this many days. */
  keepDays: number
  /** Hosts (`name` or `name:port`) endpoints may reach although private or loopback; as INTEGRATIONS_ALLOW_HOSTS. */
  allowHosts: string[]
}

const positive = (raw: string | undefined, fallback: number) => (raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback)

export function webhookOptionsFrom(env: NodeJS.ProcessEnv): WebhookOptions {
  return {
    timeoutMs: positive(env.WEBHOOKS_TIMEOUT_MS, 10_000),
    retryBaseMs: positive(env.WEBHOOKS_RETRY_BASE_MS, 30_000),
    maxDelayMs: positive(env.WEBHOOKS_RETRY_MAX_MS, 60 * 60_000),
    giveUpMs: positive(env.WEBHOOKS_GIVE_UP_MS, 24 * 60 * 60_000),
    wakeEveryMs: positive(env.WEBHOOKS_WAKE_MS, 3000),
    claimTimeoutMs: positive(env.WEBHOOKS_CLAIM_TIMEOUT_MS, 60_000),
    keepDays: positive(env.WEBHOOKS_KEEP_DAYS, 30),
    allowHosts: hostList(env.WEBHOOKS_ALLOW_HOSTS),
  }
}

/** The delay before attempt `attempts + 1`: 30 s, 1 min, 2 min, ... capped. */
export function retryDelay(options: WebhookOptions, attempts: number): number {
  return Math.min(options.maxDelayMs, options.retryBaseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)))
}

/** True when the operator lets endpoints reach this address although it may be private. */
export function allowsPrivate(app: FastifyInstance, url: string): boolean {
  return privateTargetAllowed(app.config, url, app.webhooks.options.allowHosts)
}

/**
 * Every delivery goes through the kernel's SSRF-guarded client (http(s) only, the address actually connected to
 * checked, no redirects, bounded time and size); private targets only on the allow-list. The answer is not used
 * beyond its status, so at most 1 MB of it is read.
 */
export function webhookCall(app: FastifyInstance, url: string, request: OutboundRequest): Promise<OutboundResponse> {
  return outboundRequest(url, request, { allowPrivate: allowsPrivate(app, url), timeoutMs: app.webhooks.options.timeoutMs, maxBytes: 1024 * 1024 })
}
