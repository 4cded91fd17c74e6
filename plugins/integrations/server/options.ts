import type { FastifyInstance } from 'fastify'
import { hostList, outboundRequest, privateTargetAllowed, type OutboundRequest, type OutboundResponse } from '@zapdesk/plugin-api'

/**
 * The integrations' knobs, from the environment (documented in README.md); tests change them on
 * `app.integrationRunner.options`.
 */
export interface RunnerOptions {
  /** One outbound call (typebot, webhook, Dialogflow) that takes longer fails. */
  timeoutMs: number
  /** Largest answer read from an integration. */
  maxBytes: number
  /**
   * The operator's allow-list: hosts (`name` or `name:port`) an integration may reach although they are private or
   * loopback (an n8n on the LAN). Everything else private is refused unless OUTBOUND_ALLOW_PRIVATE.
   */
  allowHosts: string[]
  /** Dialogflow ES's REST base and the OAuth token address (the service account's token_uri wins when it has one). */
  dialogflowApiBase: string
  dialogflowTokenUrl: string
}

const positive = (raw: string | undefined, fallback: number) => (raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback)

export function runnerOptionsFrom(env: NodeJS.ProcessEnv): RunnerOptions {
  return {
    timeoutMs: positive(env.INTEGRATIONS_TIMEOUT_MS, 15_000),
    maxBytes: positive(env.INTEGRATIONS_MAX_BYTES, 1024 * 1024),
    allowHosts: hostList(env.INTEGRATIONS_ALLOW_HOSTS),
    dialogflowApiBase: (env.INTEGRATIONS_DIALOGFLOW_API ?? 'https://dialogflow.googleapis.com').replace(/\/+$/, ''),
    dialogflowTokenUrl: env.INTEGRATIONS_DIALOGFLOW_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
  }
}

/** `app.integrationRunner`: the options above. */
export class IntegrationRunner {
  readonly options: RunnerOptions = runnerOptionsFrom(process.env)
}

/** True when the operator lets integrations reach this address although it may be private. */
export function allowsPrivate(app: FastifyInstance, url: string): boolean {
  return privateTargetAllowed(app.config, url, app.integrationRunner.options.allowHosts)
}

/**
 * Every outbound call of the integrations: the kernel's SSRF-guarded client (http(s) only, the address actually
 * connected to checked, no redirects followed, bounded time and size), with private targets only on the allow-list.
 */
export function integrationCall(app: FastifyInstance, url: string, request: OutboundRequest, maxBytes = app.integrationRunner.options.maxBytes): Promise<OutboundResponse> {
  const { timeoutMs } = app.integrationRunner.options
  return outboundRequest(url, request, { allowPrivate: allowsPrivate(app, url), timeoutMs, maxBytes })
}
