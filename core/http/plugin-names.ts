import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from 'fastify'

const DISPLAY_NAME = Symbol.for('fastify.display-name')

type Plugin = (FastifyPluginAsync | FastifyPluginCallback) & { [DISPLAY_NAME]?: string }

/**
 * Fastify names a registered plugin that carries no display name by comparing it with the exports of every
 * CommonJS module loaded (require.cache), twice per registration: under the tests' TypeScript loader that is about
 * 1,000 modules and 85 registrations an app, ~110 ms of a test process that builds six (a profile of
 * plugins/tags/server/sync.test.ts). Our plugins are ES modules, never found there, so Fastify ends with the
 * function's name, or its first two lines: this gives them that same name up front.
 */
export function namePluginsOnRegister(app: FastifyInstance): void {
  const register = app.register
  app.register = function (this: FastifyInstance, plugin: Plugin, opts?: FastifyPluginOptions) {
    if (typeof plugin === 'function' && plugin[DISPLAY_NAME] === undefined) {
      plugin[DISPLAY_NAME] = plugin.name || plugin.toString().split('\n', 2).map((s) => s.trim()).join(' -- ')
      // avvio names an unnamed function by splitting its whole source into lines (a plugin's body, each registration).
      if (!plugin.name) Object.defineProperty(plugin, 'name', { value: plugin[DISPLAY_NAME] })
    }
    return register.call(this, plugin as never, opts as never)
  } as FastifyInstance['register']
}
