import t from 'tap'
import { TableWrites } from './table-writes.ts'

/** A cache over some tables as a caller keeps one: a value, dropped by the watch. */
function cacheOver(writes: TableWrites, tables: string[], ignoreColumns?: string[]) {
  let value: string | undefined
  const watch = writes.watch(tables, () => void (value = undefined), { ignoreColumns })
  return {
    watch,
    get: () => value,
    /** Stores what a read started at `generation` found, when the watch allows it. */
    keep: (generation = watch.mark()) => void (watch.mayKeep(generation) && (value = 'kept')),
  }
}

t.test('a write to a watched table drops the cache when sent and when applied; reads overlapping it are not kept', async (t) => {
  const announced: string[][] = []
  const writes = new TableWrites((tables) => announced.push(tables))
  const cache = cacheOver(writes, ['userSessions'])
  const sql = 'update `user_sessions` set `ended_at` = ?, `end_reason` = ? where `id` in (?)'
  const started = cache.watch.mark()
  writes.sent({ sql, __knexUid: 'c1' })
  cache.keep(started)
  t.equal(cache.get(), undefined, 'a read started before the write is not kept')
  cache.keep()
  t.equal(cache.get(), 'kept')
  writes.answered({ sql, __knexUid: 'c1' })
  t.equal(cache.get(), undefined, 'a read made while the write was on its way is dropped once it is applied')
  t.same(announced, [['userSessions']], 'the other instances are told once it is applied')
})

t.test('which statements are writes to a watched table', async (t) => {
  const writes = new TableWrites()
  const cache = cacheOver(writes, ['users', 'userSessions'], ['online', 'lastSeenAt', 'refreshedAt'])
  for (const sql of ['select * from `users`', 'insert into `tickets` (`id`) values (?)', 'update `users` set `online` = ?, `last_seen_at` = ? where `id` = ?',
    'update `user_sessions` set `refreshed_at` = ? where `id` = ? and `ended_at` is null', 'with x as (select 1) select * from x', 'BEGIN;']) {
    cache.keep()
    writes.sent({ sql, __knexUid: 'c1' })
    writes.answered({ sql, __knexUid: 'c1' })
    t.equal(cache.get(), 'kept', `kept through: ${sql}`)
  }
  for (const sql of ['insert into `users` (`name`) values (?)', 'delete from `users` where `id` = ?', 'update `users` set `online` = ?, `profile` = ? where `id` = ?',
    'INSERT IGNORE INTO `user_sessions` (`id`) VALUES (?)', 'update `users` set `token_version` = `token_version` + 1 where `id` = ?',
    'replace into `users` (`id`) values (?)', 'insert or replace into "users" ("id") values (?)', '  UPDATE `users` SET `name` = ?']) {
    cache.keep()
    writes.sent({ sql, __knexUid: 'c1' })
    t.equal(cache.get(), undefined, `dropped by: ${sql}`)
  }
})

t.test('a write in a transaction: nothing is kept until its COMMIT is known to be done', async (t) => {
  const announced: string[][] = []
  const writes = new TableWrites((tables) => announced.push(tables))
  const cache = cacheOver(writes, ['companies'])
  const other = cacheOver(writes, ['queues'])
  writes.sent({ sql: 'BEGIN;', __knexUid: 'c1', __knexTxId: 'trx1' })
  writes.sent({ sql: 'update `companies` set `status` = ? where `id` = ?', __knexUid: 'c1', __knexTxId: 'trx1' })
  writes.answered({ sql: 'update `companies` set `status` = ? where `id` = ?', __knexUid: 'c1', __knexTxId: 'trx1' })
  writes.sent({ sql: 'RELEASE SAVEPOINT trx2;', __knexUid: 'c1', __knexTxId: 'trx2' })
  writes.sent({ sql: 'ROLLBACK TO SAVEPOINT trx3', __knexUid: 'c1', __knexTxId: 'trx3' })
  cache.keep()
  t.equal(cache.get(), undefined, 'not kept while the transaction is open (savepoints do not end it)')
  other.keep()
  t.equal(other.get(), 'kept', 'a cache over other tables is not held up')
  writes.sent({ sql: 'COMMIT;', __knexUid: 'c1', __knexTxId: 'trx1' })
  cache.keep()
  t.equal(cache.get(), undefined, 'not kept while its COMMIT is on its way')
  t.same(announced, [])
  const beforeSettled = cache.watch.mark()
  writes.sent({ sql: 'select 1', __knexUid: 'c2' })
  cache.keep()
  t.equal(cache.get(), undefined, 'another connection says nothing of that COMMIT')
  writes.sent({ sql: 'select 1', __knexUid: 'c1' })
  t.same(announced, [['companies']], 'its connection running its next statement: the COMMIT is done, and announced')
  cache.keep(beforeSettled)
  t.equal(cache.get(), undefined, 'a read from before that is still not kept')
  cache.keep()
  t.equal(cache.get(), 'kept', 'kept again afterwards')
  t.equal(other.get(), 'kept', 'the other cache was never dropped')
})

t.test('another instance\'s writes drop the caches over the tables it names', async (t) => {
  const writes = new TableWrites()
  const users = cacheOver(writes, ['users'])
  const queues = cacheOver(writes, ['queues'])
  users.keep()
  queues.keep()
  writes.heard(['queues', 'plans'])
  t.equal(users.get(), 'kept')
  t.equal(queues.get(), undefined)
  queues.watch.cover(['plans'])
  queues.keep()
  writes.heard(['plans'])
  t.equal(queues.get(), undefined, 'a table covered later is watched too')
})
