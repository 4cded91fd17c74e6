import fp from 'fastify-plugin'
import type { Model, ModelClass } from 'objection'
import type { Knex } from 'knex'
import { createKnex, dialectOf } from './knex.ts'
import { createScriptKnex } from './script-knex.ts'
import { TableWrites, type ObservedQuery } from './table-writes.ts'
import path from 'node:path'

export type ModelBinder = <M extends ModelClass<Model>>(model: M) => M

/** Binds knex to the app and offers `app.bind(Model)`: the model class bound to this app's database. */
export default fp<{ knex?: Knex }>(async (app, opts) => {
  const knex = opts.knex ?? createKnex({ url: app.config.databaseUrl, sqliteFile: path.join(app.config.dataDir, 'zapdesk.sqlite') })
  const bound = new Map<unknown, unknown>()
  app.decorate('knex', knex)
  app.decorate('dialect', dialectOf(knex))
  // Caches over tables learn of writes from the statements themselves, here and (through Redis) on the other instances.
  const channel = `${app.config.redisPrefix}:table-writes`
  const writes = new TableWrites((tables) => app.redis?.publish(channel, JSON.stringify(tables)))
  void app.redis?.subscribe(channel, (raw) => writes.heard(JSON.parse(raw) as string[]), { othersOnly: true })
  const sent = (q: ObservedQuery) => writes.sent(q)
  const answered = (_: unknown, q: ObservedQuery) => writes.answered(q)
  knex.on('query', sent).on('query-response', answered).on('query-error', answered)
  app.decorate('tableWrites', writes)
  app.decorate('bind', (<M extends ModelClass<Model>>(model: M): M => {
    let b = bound.get(model) as M | undefined
    if (!b) {
      b = (model as unknown as typeof Model).bindKnex(knex) as unknown as M
      bound.set(model, b)
    }
    return b
  }) as ModelBinder)
  let script: Knex | undefined
  app.decorate('scriptKnex', () => {
    if (dialectOf(knex) !== 'mysql') return undefined
    return (script ??= createScriptKnex(knex))
  })
  app.addHook('onClose', async () => {
    knex.off('query', sent).off('query-response', answered).off('query-error', answered)
    await script?.destroy()
    if (!opts.knex) await knex.destroy()
  })
}, { name: 'zapdesk-db' })
