import { Value } from '@sinclair/typebox/value'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { ConfigSchema, ENV_VARS, type Config } from './schema.ts'
import { ROOT } from './root.ts'

export type { Config } from './schema.ts'

export class ConfigError extends Error {
  name = 'ConfigError'
}

/** Well-known placeholder secrets that must never reach production. */
const DEFAULT_SECRETS = new Set(['secret', 'changeme', 'change-me', 'dev-secret', 'zapdesk-dev-access', 'zapdesk-dev-refresh'])

const DEV_DEFAULTS = { jwtSecret: 'zapdesk-dev-access', jwtRefreshSecret: 'zapdesk-dev-refresh' }

function parseEnvValue(field: string, raw: string): unknown {
  if (field === 'plugins' || field === 'disabledPlugins') return raw.split(',').map((s) => s.trim()).filter(Boolean)
  if (field === 'port' || field === 'smtpPort' || field === 'bcryptCost' || field === 'uploadMaxBytes') return /^\d+$/.test(raw) ? Number(raw) : raw
  if (field === 'trustProxy' || field === 'serveWeb' || field === 'smtpSecure' || field === 'outboundAllowPrivate') return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw
  return raw
}

/**
 * Builds the typed config from defaults, the environment and explicit overrides, validates it and refuses unsafe
 * production values. Errors name the environment variable to fix.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = (overrides.env ?? env.NODE_ENV ?? 'development') as Config['env']
  const base: Record<string, unknown> = {
    env: mode,
    port: 8080,
    redisPrefix: 'zapdesk',
    host: '0.0.0.0',
    dataDir: path.resolve('data'),
    accessTokenTtl: '15m',
    refreshTokenTtl: '7d',
    bcryptCost: 10,
    plugins: [],
    disabledPlugins: [],
    uploadMaxBytes: 20 * 1024 * 1024,
    trustProxy: false,
    logLevel: mode === 'test' ? 'silent' : 'info',
    serveWeb: mode !== 'test',
    webDist: path.join(ROOT, 'web/dist'),
    loginRateLimit: { perIp: 5, perIpWindowMs: 5 * 60_000, perEmail: 10, perEmailWindowMs: 15 * 60_000 },
    signupRateLimit: { max: 5, windowMs: 60 * 60_000 },
    smtpPort: 587,
    smtpFrom: 'Zapdesk <no-reply@localhost>',
    smtpSecure: false,
    outboundAllowPrivate: mode !== 'production',
    mediaS3Region: 'us-east-1',
  }
  if (mode !== 'production') Object.assign(base, DEV_DEFAULTS)
  for (const [name, field] of Object.entries(ENV_VARS)) {
    const raw = env[name]
    if (raw !== undefined && raw !== '') base[field] = parseEnvValue(field, raw)
  }
  const merged = { ...base, ...overrides }
  const errors = [...Value.Errors(ConfigSchema, merged)]
  if (errors.length > 0) {
    const byName = new Map<string, string>()
    for (const e of errors) {
      const field = e.path.split('/')[1]
      const name = Object.entries(ENV_VARS).find(([, f]) => f === field)?.[0] ?? field
      if (!byName.has(name)) byName.set(name, e.value === undefined ? 'is required' : `${e.message} (got ${JSON.stringify(e.value)})`)
    }
    throw new ConfigError(`Invalid configuration:\n  ${[...byName].map(([n, m]) => `${n}: ${m}`).join('\n  ')}`)
  }
  const config = merged as Config
  config.dataDir = path.resolve(config.dataDir)
  if (config.mediaS3Endpoint) {
    const missing = (['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY', 'MEDIA_S3_SECRET_KEY'] as const).filter((n) => !config[ENV_VARS[n]])
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.map((n) => `${n}: is required with MEDIA_S3_ENDPOINT`).join('\n  ')}`)
  }
  if (config.env === 'production') assertProductionSafe(config)
  return config
}

function assertProductionSafe(config: Config): void {
  for (const [name, value] of [['JWT_SECRET', config.jwtSecret], ['JWT_REFRESH_SECRET', config.jwtRefreshSecret]] as const) {
    if (DEFAULT_SECRETS.has(value)) throw new ConfigError(`${name}: a default secret is not allowed in production`)
    if (Buffer.byteLength(value) < 32) throw new ConfigError(`${name}: must be at least 32 bytes in production`)
  }
  if (config.jwtSecret === config.jwtRefreshSecret) throw new ConfigError('JWT_REFRESH_SECRET: must differ from JWT_SECRET')
}

/** A random secret for throwaway instances (tests, benchmarks). */
export const randomSecret = (): string => randomBytes(32).toString('hex')
