import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Knex } from 'knex'
import { loadConfig, type Config } from '../config/index.ts'
import { namePluginsOnRegister } from './http/plugin-names.ts'
import { installErrorHandler, installNotFoundHandler } from './errors/error-handler.ts'
import dbPlugin from './db/plugin.ts'
import authPlugin from './auth/plugin.ts'
import realtimePlugin from './realtime/plugin.ts'
import storagePlugin from './storage/plugin.ts'
import { EventBus } from './events/bus.ts'
import { KERNEL_EVENTS } from './events/types.ts'
import { createJobQueue } from './jobs/index.ts'
import { BackgroundWork } from './jobs/background.ts'
import { createMailer } from './mail/mailer.ts'
import { CompanyStatus } from './accounts/company-status.ts'
import { FeatureCatalog } from './features/catalog.ts'
import { PermissionRegistry } from './access/permissions.ts'
import { coreMigrations, migrateLatest, type MigrationSet } from './db/migrator.ts'
import { discoverPlugins } from './loader/discover.ts'
import { orderByDependencies } from './loader/order.ts'
import { declarePlugins, registerPluginRoutes, setupPlugins } from './loader/register.ts'
import openapi from './http/openapi.ts'
import coreRoutes from './accounts/routes.ts'
import wsRoute from './realtime/ws-route.ts'
import webApp, { webAppBuilt } from './http/web-app.ts'
import type { LoadedPlugin } from './plugin-api/types.ts'
import { routeCollector } from './http/route-table.ts'
import { rejectNonFiniteNumbers, frameworkErrors } from './http/input-guards.ts'
import { lazyCompilers } from './http/lazy-compilers.ts'
import { headAsGet } from './http/head-as-get.ts'

export interface BuildOptions {
  config?: Partial<Config>
  env?: NodeJS.ProcessEnv
  /** An existing knex (tests share one per database); the app does not destroy it on close. */
  knex?: Knex
  /** Run pending migrations while building (default true). */
  migrate?: boolean
  /** Runs just before the migrations, with the sets about to run (tests fill a new database from a template). */
  beforeMigrate?: (knex: Knex, sets: MigrationSet[]) => Promise<void>
  /** Folder to discover plugins in instead of plugins/ (tests). */
  pluginsDir?: string
  /** Start the job workers and begin the background work when ready (default true; core/jobs/background.ts). */
  startJobs?: boolean
  /** Where the log lines go instead of stdout (tests that read what was logged). */
  logStream?: NodeJS.WritableStream
}

/** Migration sets of the core and each plugin, in dependency order. */
export function migrationSets(plugins: LoadedPlugin[]): MigrationSet[] {
  return [coreMigrations, ...plugins.filter((p) => p.migrations).map((p) => ({ owner: p.name, dir: p.migrations! }))]
}

/** The one app factory: the server, the tests and the benchmarks all build the platform through it. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, options.config)
  const app = Fastify({
    logger: { level: config.logLevel, stream: options.logStream, redact: ['req.headers.authorization', 'req.headers.cookie'], serializers: { req: (r) => ({ method: r.method, url: r.url.split('?')[0] }) } },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A plugin's registration is timed by the clock, not by its own work: a boot on a busy machine (the compiled
    // server's chunks evaluated meanwhile, other processes on the cores) took past fastify's 10 s default inside
    // 'zapdesk-auth' and exited. A plugin that never resolves still fails the start, two minutes in.
    pluginTimeout: 120_000,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: lazyCompilers() as never },
    // The spec's web app asks for some lists with a trailing slash (GET /queueIntegration/, /schedules/): both spellings answer.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // HEAD is answered by each GET route (headAsGet) instead of a HEAD route beside each: those were 88 more routes
    // to register, about 7% of a cold start (26 ms of 393, median of 11).
    exposeHeadRoutes: false,
    rewriteUrl: headAsGet,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance
  namePluginsOnRegister(app)
  installErrorHandler(app)
  const routeTable = routeCollector()
  app.addHook('onRoute', routeTable.hook)
  app.decorate('routeTable', routeTable.routes)
  app.addHook('preHandler', rejectNonFiniteNumbers)
  // Graceful close with keep-alive clients (browsers, proxies): server.close() only ends idle sockets, so the socket
  // of a request in flight would stay open after its answer until the keep-alive timeout (72 s). Answers sent
  // while closing say `Connection: close`, and their sockets end with them.
  let closing = false
  app.addHook('preClose', async () => void (closing = true))
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  app.decorate('config', config)

  // Awaited below: the plugins' modules load while the Redis connections open and the kernel registers.
  const discovering = discoverPlugins({ dir: options.pluginsDir, packages: config.plugins, disabled: config.disabledPlugins })
  discovering.catch(() => undefined)
  if (config.redisUrl) {
    // Loaded only when configured: the redis client is hundreds of modules an install without Redis never needs.
    const { RedisLink } = await import('./redis/link.ts')
    const redis = new RedisLink(config.redisUrl, app.log)
    await redis.connect()
    app.decorate('redis', redis)
    app.addHook('onClose', async () => redis.close())
  }
  app.decorate('events', new EventBus(app.log, app.redis, config.redisPrefix))
  app.events.declare('core', KERNEL_EVENTS)
  app.decorate('features', new FeatureCatalog())
  app.decorate('permissions', new PermissionRegistry())
  const jobs = await createJobQueue({ redisUrl: config.redisUrl, prefix: `${config.redisPrefix}:jobs`, logger: app.log })
  app.decorate('jobs', jobs)
  app.decorate('background', new BackgroundWork(app.log))
  app.addHook('preClose', async () => app.background.stop())
  const mailer = createMailer(config)
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())

  await app.register(dbPlugin, { knex: options.knex })
  await app.register(authPlugin)
  await app.register(realtimePlugin)
  await app.register(storagePlugin)
  app.decorate('companyStatus', new CompanyStatus(app))
  await app.register(openapi)

  const plugins = orderByDependencies(await discovering)
  app.decorate('plugins', plugins)
  if (options.migrate !== false) {
    const sets = migrationSets(plugins)
    await options.beforeMigrate?.(app.knex, sets)
    await migrateLatest(app.knex, sets)
  }
  declarePlugins(app, plugins)

  await app.register(async (api) => {
    await api.register(coreRoutes)
    await api.register(wsRoute)
    await registerPluginRoutes(api, plugins)
  }, { prefix: '/api' })
  const spa = config.serveWeb && webAppBuilt(config.webDist)
  if (spa) await app.register(webApp)
  else if (config.serveWeb) app.log.warn(`${config.webDist} is missing: run \`npm run build:web\` (npm start does it) to serve the web app`)
  installNotFoundHandler(app, spa)

  await setupPlugins(app, plugins)
  if (options.startJobs !== false) {
    await jobs.start()
    // After the plugins' own onReady hooks (theirs wire services together; this is work).
    app.addHook('onReady', async () => app.background.begin())
  }
  app.addHook('onClose', async () => {
    await jobs.close(5000)
    await app.events.idle()
  })
  return app
}
