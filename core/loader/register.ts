import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { LoadedPlugin } from '../plugin-api/types.ts'
import { PluginManifestError } from './discover.ts'

/**
 * Declares what each plugin contributes (feature, permissions, topics, rooms, jobs). Runs before any route is
 * registered so the core's own routes (the plans form, /auth/me) know every feature and permission.
 */
export function declarePlugins(app: FastifyInstance, plugins: LoadedPlugin[]): void {
  for (const p of plugins) {
    if (p.feature) app.features.declare(p.feature, p.featureLabel)
    if (p.permissions) app.permissions.add(p.permissions)
    if (p.events) app.events.declare(p.name, p.events)
    for (const [topic, def] of Object.entries(p.topics ?? {})) app.realtime.registerTopic(topic, { ...def, feature: p.feature })
    for (const [kind, room] of Object.entries(p.rooms ?? {})) {
      if (typeof room === 'function') app.realtime.registerRoom(kind, room, p.feature)
      else app.realtime.registerRoom(kind, (auth, arg) => room.authorize(auth, arg, app), p.feature, room.messages)
    }
    for (const [name, job] of Object.entries(p.jobs ?? {})) {
      app.jobs.define<never>(`${p.name}:${name}`, job, (data, info) => job.handler(data, info, app))
    }
  }
}

/** Registers each plugin's routes under /api in its own encapsulated context, gated by the plugin's feature. */
export async function registerPluginRoutes(api: FastifyInstance, plugins: LoadedPlugin[]): Promise<void> {
  for (const p of plugins) {
    if (!p.routes) continue
    await api.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), plugin: p.name, ...(p.feature ? { feature: p.feature } : {}) } as typeof route.config
        route.schema = { ...route.schema, tags: route.schema?.tags ?? [p.name] }
      })
      await scope.register(p.routes!)
    })
  }
}

/**
 * Runs each plugin's setup in dependency order, each as a fastify-plugin named after the plugin whose metadata lists
 * the plugins it depends on and the services they provide: Fastify itself refuses to boot when one is missing. A
 * service a plugin declares in `provides` must exist once its setup ran: the boot fails naming plugin and service.
 */
export async function setupPlugins(app: FastifyInstance, plugins: LoadedPlugin[]): Promise<void> {
  const byName = new Map(plugins.map((p) => [p.name, p]))
  for (const p of plugins) {
    const dependencies = [...(p.dependencies ?? []), ...(p.optionalDependencies ?? []).filter((d) => byName.has(d))]
    const services = dependencies.flatMap((d) => byName.get(d)?.provides ?? [])
    await app.register(fp(async (instance: FastifyInstance) => {
      if (p.setup) await p.setup(instance)
    }, { name: p.name, dependencies, decorators: { fastify: services } }))
    const missing = (p.provides ?? []).filter((name) => !app.hasDecorator(name))
    if (missing.length) throw new PluginManifestError(`Plugin "${p.name}" declares the service(s) ${missing.map((m) => `app.${m}`).join(', ')} in "provides" but its setup did not add them`)
  }
}
