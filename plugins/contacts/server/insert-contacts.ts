import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { consecutiveStep, SqlExpr, sqlWriter, withScriptSession, type SqlText } from '@zapdesk/plugin-api'
import { NAME_WORDS_PER_INSERT, indexNames, nameWordRows } from './name-words.ts'

/** A new contact's row as findOrCreateContacts writes it. */
export interface NewContactRow {
  companyId: number
  number: string | null
  lid: string | null
  nameSearch: string
  [column: string]: unknown
}

/**
 * Inserts new contacts with their name words, in one transaction, and answers their ids in the rows' order. A
 * unique violation (a concurrent creator won one of them) rejects with nothing written. On MariaDB/MySQL whose
 * multi-row INSERTs get consecutive ids the whole transaction is one round trip on the script pool (the words name
 * their contact as `LAST_INSERT_ID() + k * step`); elsewhere statement by statement.
 */
export async function insertNewContacts(app: FastifyInstance, rows: NewContactRow[]): Promise<number[]> {
  const step = await consecutiveStep(app)
  const script = step !== null ? app.scriptKnex() : undefined
  if (script) return insertScripted(script, rows, step!)
  return app.knex.transaction(async (trx) => {
    const ids = await insertedIds(trx, app.dialect, rows)
    await indexNames(trx, rows.map((r, k) => ({ id: ids[k], companyId: r.companyId, nameSearch: r.nameSearch })))
    return ids
  })
}

function insertScripted(script: Knex, rows: NewContactRow[], step: number): Promise<number[]> {
  const sql = sqlWriter(script)
  const words = nameWordRows(rows.map((r, k) => ({ id: new SqlExpr('@zd_first_contact + ?', [k * step]), companyId: r.companyId, nameSearch: r.nameSearch })))
  const statements: SqlText[] = [sql.insert('contacts', rows), { sql: 'set @zd_first_contact := last_insert_id()', bindings: [] }]
  for (let i = 0; i < words.length; i += NAME_WORDS_PER_INSERT) {
    statements.push(sql.insert('contactSearchWords', words.slice(i, i + NAME_WORDS_PER_INSERT), { ignoreConflictOn: ['companyId', 'word', 'contactId'] }))
  }
  return withScriptSession(script, async (session) => {
    const [inserted] = (await session.transact(statements)) as Array<{ insertId?: number }>
    const first = Number(inserted.insertId)
    return rows.map((_, k) => first + k * step)
  })
}

/**
 * A multi-row insert of contacts and their ids in order: SQLite returns them (RETURNING, mapped by the unique key:
 * its row order is not promised); MySQL/MariaDB reads them back by the unique keys, which does not depend on how the
 * server hands out auto-increment values.
 */
async function insertedIds(db: Knex.Transaction, dialect: FastifyInstance['dialect'], rows: NewContactRow[]): Promise<number[]> {
  const keyOf = (r: { companyId: unknown; number?: unknown; lid?: unknown }) => (r.number ? `${r.companyId}:n:${r.number}` : `${r.companyId}:l:${r.lid}`)
  let back: Array<{ id: number; companyId: number; number: string | null; lid: string | null }>
  if (dialect === 'mysql') {
    await db('contacts').insert(rows)
    back = await db('contacts').where((q) => {
      for (const r of rows) q.orWhere(r.number ? { companyId: r.companyId, number: r.number } : { companyId: r.companyId, lid: r.lid })
    }).select('id', 'companyId', 'number', 'lid')
  } else {
    back = await db('contacts').insert(rows).returning(['id', 'companyId', 'number', 'lid'])
  }
  const ids = new Map(back.map((r) => [keyOf(r), Number(r.id)]))
  return rows.map((r) => {
    const id = ids.get(keyOf(r))
    if (id === undefined) throw new Error('inserted contact not found')
    return id
  })
}
