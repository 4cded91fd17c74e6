import { Type, type Static } from '@sinclair/typebox'

/** Every setting the platform reads, with the environment variable that overrides it. */
export const ConfigSchema = Type.Object({
  env: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')]),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  dataDir: Type.String({ minLength: 1 }),
  databaseUrl: Type.Optional(Type.String({ pattern: '^mysql2?://' })),
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Namespace of Redis keys and channels, so several installs (or test runs) can share one Redis. */
  redisPrefix: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
  jwtSecret: Type.String({ minLength: 1 }),
  jwtRefreshSecret: Type.String({ minLength: 1 }),
  accessTokenTtl: Type.String({ pattern: '^\\d+[smhd]$' }),
  refreshTokenTtl: Type.String({ pattern: '^\\d+[smhd]$' }),
  bcryptCost: Type.Integer({ minimum: 4, maximum: 15 }),
  adminEmail: Type.Optional(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  adminPassword: Type.Optional(Type.String({ minLength: 8 })),
  plugins: Type.Array(Type.String({ minLength: 1 })),
  disabledPlugins: Type.Array(Type.String({ minLength: 1 })),
  uploadMaxBytes: Type.Integer({ minimum: 1024 }),
  trustProxy: Type.Boolean(),
  logLevel: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))),
  serveWeb: Type.Boolean(),
  /** The built web app served at / (default web/dist). */
  webDist: Type.String({ minLength: 1 }),
  loginRateLimit: Type.Object({
    perIp: Type.Integer({ minimum: 1 }),
    perIpWindowMs: Type.Integer({ minimum: 1000 }),
    perEmail: Type.Integer({ minimum: 1 }),
    perEmailWindowMs: Type.Integer({ minimum: 1000 }),
  }),
  signupRateLimit: Type.Object({ max: Type.Integer({ minimum: 1 }), windowMs: Type.Integer({ minimum: 1000 }) }),
  /** Where users reach the web app (absolute links in mail), e.g. https://desk.example.com. */
  publicUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' })),
  /** SMTP server of the platform's mail (password recovery); without it, development logs the link. */
  smtpHost: Type.Optional(Type.String({ minLength: 1 })),
  smtpPort: Type.Integer({ minimum: 1, maximum: 65535 }),
  smtpUser: Type.Optional(Type.String()),
  smtpPass: Type.Optional(Type.String()),
  smtpFrom: Type.String({ minLength: 3 }),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  smtpSecure: Type.Boolean(),
  /**
   * Key that seals secrets stored for companies (AI keys): any string of 32+ characters, hashed to an AES-256 key.
   * Absent: derived from JWT_SECRET (which production already requires to be strong); set it so rotating the JWT
   * secret does not make stored secrets unreadable.
   */
  secretsKey: Type.Optional(Type.String({ minLength: 32 })),
  /**
   * Outbound calls to company-chosen addresses (AI providers) may reach private and loopback networks. Off by default
   * in production (SSRF guard); on in development and tests, whose fake servers listen on loopback.
   */
  outboundAllowPrivate: Type.Boolean(),
  /**
   * S3-compatible object storage for media (several instances share it); absent keeps media on the data dir's disk.
   * With the endpoint, the bucket and both keys are required. Path-style addressing (http://host:port/bucket/key).
   */
  mediaS3Endpoint: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+/?$' })),
  mediaS3Bucket: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
  mediaS3AccessKey: Type.Optional(Type.String({ minLength: 1 })),
  mediaS3SecretKey: Type.Optional(Type.String({ minLength: 1 })),
  mediaS3Region: Type.String({ minLength: 1 }),
})

export type Config = Static<typeof ConfigSchema>

/** Environment variables and the config field each one sets (documented in README). */
export const ENV_VARS = {
  NODE_ENV: 'env',
  PORT: 'port',
  HOST: 'host',
  DATA_DIR: 'dataDir',
  DATABASE_URL: 'databaseUrl',
  REDIS_URL: 'redisUrl',
  REDIS_PREFIX: 'redisPrefix',
  JWT_SECRET: 'jwtSecret',
  JWT_REFRESH_SECRET: 'jwtRefreshSecret',
  ACCESS_TOKEN_TTL: 'accessTokenTtl',
  REFRESH_TOKEN_TTL: 'refreshTokenTtl',
  BCRYPT_COST: 'bcryptCost',
  ADMIN_EMAIL: 'adminEmail',
  ADMIN_PASSWORD: 'adminPassword',
  ZAPDESK_PLUGINS: 'plugins',
  ZAPDESK_DISABLED_PLUGINS: 'disabledPlugins',
  UPLOAD_MAX_BYTES: 'uploadMaxBytes',
  TRUST_PROXY: 'trustProxy',
  LOG_LEVEL: 'logLevel',
  SERVE_WEB: 'serveWeb',
  WEB_DIST: 'webDist',
  PUBLIC_URL: 'publicUrl',
  SMTP_HOST: 'smtpHost',
  SMTP_PORT: 'smtpPort',
  SMTP_USER: 'smtpUser',
  SMTP_PASS: 'smtpPass',
  SMTP_FROM: 'smtpFrom',
  SMTP_SECURE: 'smtpSecure',
  SECRETS_KEY: 'secretsKey',
  OUTBOUND_ALLOW_PRIVATE: 'outboundAllowPrivate',
  MEDIA_S3_ENDPOINT: 'mediaS3Endpoint',
  MEDIA_S3_BUCKET: 'mediaS3Bucket',
  MEDIA_S3_ACCESS_KEY: 'mediaS3AccessKey',
  MEDIA_S3_SECRET_KEY: 'mediaS3SecretKey',
  MEDIA_S3_REGION: 'mediaS3Region',
} as const
