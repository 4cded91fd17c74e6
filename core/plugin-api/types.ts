import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import type { JobInfo, JobOptions } from '../jobs/types.ts'
import type { RoomAuthorizer, RoomMessages } from '../realtime/types.ts'

/** A realtime topic a plugin publishes (`company-{id}-{topic}`), with who may receive it. */
export interface TopicDefinition {
  /** Only sockets whose user holds this permission receive the topic. */
  permission?: string
  /** Only admins (and super users) receive it. */
  adminOnly?: boolean
}

export interface JobDefinition<T = unknown> extends JobOptions {
  payload?: TSchema
  /** Runs with the app that defined it, so a job reaches the database without module-level state. */
  handler: (data: T, job: JobInfo, app: FastifyInstance) => Promise<void>
}

/** A room with the app at hand (authorizers that read the database) and the socket messages naming it. Since 1.1. */
export interface RoomDefinition {
  authorize: (auth: Parameters<RoomAuthorizer>[0], arg: string | undefined, app: FastifyInstance) => boolean | Promise<boolean>
  messages?: RoomMessages
}

/** The manifest of a server plugin: what it needs, adds and runs. Data first, so the loader can check it. */
export interface PluginManifest {
  /** Id: API prefix, topic name, i18n namespace and migration table suffix. Lowercase kebab-case. */
  name: string
  version: string
  description?: string
  /** Other plugins this one needs; they load (and migrate) first. */
  dependencies?: string[]
  /** Plugins this one uses when they are installed (they load first then); absent ones are no error. Since 1.1. */
  optionalDependencies?: string[]
  /**
   * The database tables this plugin owns (snake_case), created by its migrations. No other plugin may name them:
   * what others need goes through this plugin's services (public.ts) and domain events. The conformance kit checks it.
   * Since 1.1.
   */
  tables?: string[]
  /**
   * The Fastify decorators this plugin's `setup` adds for other plugins (e.g. ['tickets'] for `app.tickets`): the
   * loader fails the boot, naming the plugin, when one is missing after setup. Since 1.1.
   */
  provides?: string[]
  /**
   * The ERR_ codes this plugin's routes answer with that the kernel does not define; each has its text under
   * `errors.<code>` in the web module's pt, en and es locales (the conformance kit checks it). Since 1.1.
   */
  errorCodes?: string[]
  /**
   * The domain events this plugin emits (their payload types by declaration merging of DomainEvents in its public
   * surface): its part of the one catalogue, `app.events.catalogue()`. A name has one owner. Since 1.1.
   */
  events?: string[]
  /** Plan feature flag gating every route and topic of the plugin (e.g. 'useKanban'); absent means always on. */
  feature?: string
  /** Human label of the feature for the plans form, when the plugin declares a new one. */
  featureLabel?: { pt: string; en: string; es: string }
  /** Folder of Knex migrations (`new URL('./migrations/', import.meta.url)`). */
  migrations?: URL
  /** An encapsulated Fastify plugin with its routes, registered under `/api`. */
  routes?: FastifyPluginAsync
  /** Runs once the app is built, before it listens: decorate, subscribe to domain events, start work. */
  setup?: (app: FastifyInstance) => void | Promise<void>
  topics?: Record<string, TopicDefinition>
  /**
   * Room kinds sockets may join, each with its authorizer; since 1.1 also `{ authorize(auth, arg, app), messages }`
   * where `messages` names the socket messages that join and leave it (e.g. the spec's joinChatBox / ticketId).
   */
  rooms?: Record<string, RoomAuthorizer | RoomDefinition>
  jobs?: Record<string, JobDefinition<never>>
  /** Action names this plugin checks, with the profiles that hold them. */
  permissions?: Record<string, Array<'admin' | 'user'>>
  /** Sample data of company B for the cross-tenant checks: returns ids by resource name. */
  tenantFixtures?: (app: FastifyInstance, companyId: number, marker: string) => Promise<Record<string, number | string>>
}

export interface LoadedPlugin extends PluginManifest {
  /** Where it came from: a folder under plugins/ or an npm package name. */
  source: string
}

export type { WebRoute, WebMenuBadge, WebMenuEntry, WebModule } from './web-types.ts'
