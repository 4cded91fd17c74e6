import type { Knex } from 'knex'
import type { Config } from '../config/index.ts'
import type { AuthContext } from './auth/types.ts'
import type { EventBus } from './events/bus.ts'
import type { JobQueue } from './jobs/types.ts'
import type { BackgroundWork } from './jobs/background.ts'
import type { FeatureCatalog } from './features/catalog.ts'
import type { PermissionRegistry } from './access/permissions.ts'
import type { RealtimeHub } from './realtime/hub.ts'
import type { MediaStore } from './storage/types.ts'
import type { RedisLink } from './redis/link.ts'
import type { LoadedPlugin } from './plugin-api/types.ts'
import type { Dialect } from './db/knex.ts'
import type { ModelBinder } from './db/plugin.ts'
import type { TableWrites } from './db/table-writes.ts'
import type { AuthService } from './auth/service.ts'
import type { RouteInfo } from './testing/routes.ts'
import type { Mailer } from './mail/mailer.ts'
import type { CompanyStatus } from './accounts/company-status.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    knex: Knex
    dialect: Dialect
    /**
     * MariaDB/MySQL only (undefined on SQLite): a small pool whose connections run several statements per query
     * and are READ COMMITTED (core/db/script-knex.ts), created on first use.
     */
    scriptKnex(): Knex | undefined
    /** The app's own binding of a model class to its knex (several apps may live in one process). */
    bind: ModelBinder
    /** Writes seen on the knex, for in-memory caches over tables (core/db/table-writes.ts). */
    tableWrites: TableWrites
    events: EventBus
    jobs: JobQueue
    /**
     * Work begun once the app serves (sweeps, sessions, periodic jobs' boot runs): after the server listens, or when
     * an app built for injection is ready (core/jobs/background.ts). Add it in a plugin's setup, not in onReady.
     */
    background: BackgroundWork
    features: FeatureCatalog
    permissions: PermissionRegistry
    realtime: RealtimeHub
    /** Media on disk or object storage (core/storage/types.ts; the interface since 1.5). */
    storage: MediaStore
    redis?: RedisLink
    plugins: LoadedPlugin[]
    authService: AuthService
    /** The platform's own mail (password recovery): SMTP when configured. */
    mailer: Mailer
    /** Whether a company is active (a super user can deactivate one). */
    companyStatus: CompanyStatus
    /** Every registered route (see core/testing/routes.ts), for tests that must cover all of them. */
    routeTable: RouteInfo[]
  }
  interface FastifyRequest {
    /** Set for every authenticated route; absent on public ones. */
    auth?: AuthContext
  }
  interface FastifyContextConfig {
    /** Who may call: default 'user' (any signed-in user). */
    access?: 'public' | 'user' | 'admin' | 'super'
    /** Plan feature that must be enabled for the caller's company. */
    feature?: string
    /** Action name the caller must hold. */
    permission?: string
    /** Still answers for companies whose subscription is overdue. */
    allowOverdue?: boolean
    /** The plugin that registered the route (set by the loader), so checks can select one plugin's routes. */
    plugin?: string
  }
}
