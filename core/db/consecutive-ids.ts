import type { FastifyInstance } from 'fastify'

const autoIncrement = new WeakMap<FastifyInstance, Promise<number | null>>()

/**
 * On MySQL/MariaDB: the step between the ids of one multi-row INSERT when the server's auto-increment lock mode
 * makes them consecutive (innodb_autoinc_lock_mode 0 or 1: "consecutive" and "traditional" give the rows of one
 * INSERT ... VALUES consecutive ids, by auto_increment_increment, the first of which the server reports), else
 * null. Always null on SQLite. A script that inserts rows and then rows referring to them can then name their ids
 * as `LAST_INSERT_ID() + k * step` and write both in one round trip.
 */
export function consecutiveStep(app: FastifyInstance): Promise<number | null> {
  if (app.dialect !== 'mysql') return Promise.resolve(null)
  let step = autoIncrement.get(app)
  if (!step) {
    step = app.knex.raw('select @@innodb_autoinc_lock_mode as mode, @@auto_increment_increment as inc').then((res: unknown) => {
      const [row] = (res as Array<Array<{ mode: unknown; inc: unknown }>>)[0]
      return Number(row.mode) <= 1 && Number(row.inc) >= 1 ? Number(row.inc) : null
    }, () => null)
    autoIncrement.set(app, step)
  }
  return step
}

/** Tests: the app's writes go statement by statement, as where ids are not consecutive. */
export function statementByStatement(app: FastifyInstance): void {
  autoIncrement.set(app, Promise.resolve(null))
}
