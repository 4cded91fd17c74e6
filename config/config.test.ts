import t from 'tap'
import { loadConfig, ConfigError } from './index.ts'

const strong = 'x'.repeat(40)

t.test('development defaults', async (t) => {
  const c = loadConfig({})
  t.equal(c.port, 8080)
  t.equal(c.env, 'development')
  t.equal(c.bcryptCost, 10)
  t.equal(c.databaseUrl, undefined, 'SQLite by default')
  t.ok(c.dataDir.endsWith('data'))
})

t.test('environment overrides are typed and validated', async (t) => {
  const c = loadConfig({ PORT: '9000', DATABASE_URL: 'mysql://root@127.0.0.1:3306/x', ZAPDESK_PLUGINS: 'a, b', TRUST_PROXY: 'true' })
  t.equal(c.port, 9000)
  t.equal(c.databaseUrl, 'mysql://root@127.0.0.1:3306/x')
  t.same(c.plugins, ['a', 'b'])
  t.equal(c.trustProxy, true)
  t.throws(() => loadConfig({ PORT: 'eighty' }), { message: /PORT/ }, 'the bad variable is named')
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://x' }), { message: /DATABASE_URL/ })
  t.throws(() => loadConfig({ BCRYPT_COST: '2' }), { message: /BCRYPT_COST/ })
})

t.test('production refuses missing, default and short secrets', async (t) => {
  t.throws(() => loadConfig({ NODE_ENV: 'production' }), ConfigError, 'missing secrets')
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'secret', JWT_REFRESH_SECRET: strong }), { message: /JWT_SECRET: a default secret/ })
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-but-custom', JWT_REFRESH_SECRET: strong }), { message: /JWT_SECRET: must be at least 32 bytes/ })
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: 'tiny' }), { message: /JWT_REFRESH_SECRET/ })
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: strong }), { message: /must differ/ })
  const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: 'y'.repeat(40) })
  t.equal(ok.env, 'production')
})

t.test('outbound calls may reach private addresses outside production only, unless OUTBOUND_ALLOW_PRIVATE says so', async (t) => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}y`, PUBLIC_URL: 'https://desk.example.com' }
  t.equal(loadConfig({}).outboundAllowPrivate, true, 'development: fake servers on loopback')
  t.equal(loadConfig({ NODE_ENV: 'test' }).outboundAllowPrivate, true)
  t.equal(loadConfig(prod).outboundAllowPrivate, false, 'production: the SSRF guard is on')
  t.equal(loadConfig({ ...prod, OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate, true, 'a self-hosted model on the LAN')
  t.throws(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'maybe' }), ConfigError)
  t.equal(loadConfig({ SECRETS_KEY: 'k'.repeat(32) }).secretsKey, 'k'.repeat(32))
  t.throws(() => loadConfig({ SECRETS_KEY: 'short' }), /SECRETS_KEY/)
})

t.test('media in S3-compatible storage: the endpoint needs a bucket and both keys', async (t) => {
  t.equal(loadConfig({}).mediaS3Endpoint, undefined, 'media on disk by default')
  const s3 = { MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_BUCKET: 'zapdesk-media', MEDIA_S3_ACCESS_KEY: 'key', MEDIA_S3_SECRET_KEY: 'secret' }
  t.match(loadConfig(s3), { mediaS3Endpoint: 'http://minio:9000', mediaS3Bucket: 'zapdesk-media', mediaS3Region: 'us-east-1' })
  t.throws(() => loadConfig({ MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_BUCKET: 'zapdesk-media' }), /MEDIA_S3_ACCESS_KEY: is required with MEDIA_S3_ENDPOINT\n\s+MEDIA_S3_SECRET_KEY/)
  t.throws(() => loadConfig({ ...s3, MEDIA_S3_ENDPOINT: 'minio:9000' }), /MEDIA_S3_ENDPOINT/)
  t.throws(() => loadConfig({ ...s3, MEDIA_S3_BUCKET: 'Bad_Bucket' }), /MEDIA_S3_BUCKET/)
})
