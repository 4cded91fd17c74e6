import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import { Contact, ContactCustomField } from '../models.ts'
import { contactDto, type ContactJson } from '../serialize.ts'
import { searchKey } from '../normalize.ts'
import { indexNames } from '../name-words.ts'
import { rowError, type ImportError, type ImportRow } from './rows.ts'

/**
 * Rows per statement and per transaction: big enough to be fast, small enough that no request waits long, and
 * under SQLite's 500 terms per compound SELECT (knex writes a multi-row insert on SQLite as SELECT ... UNION ALL).
 */
export const BATCH_SIZE = 400

export interface ImportResult {
  newContacts: ContactJson[]
  errorBag: ImportError[]
}

/** Lets other requests (and the event loop's timers) run between batches. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Writes validated rows in batches of BATCH_SIZE, each in its own short transaction, yielding between batches.
 * Numbers already in the company, or seen earlier in the same file, are reported in the errorBag, not imported.
 * Numbers are not checked on WhatsApp one by one here: thousands of lookups would take minutes and look like
 * abuse to WhatsApp; a contact's number is checked when it is saved from the form.
 */
export async function importRows(app: FastifyInstance, companyId: number, rows: ImportRow[], earlier: ImportError[]): Promise<ImportResult> {
  const errorBag = [...earlier]
  const newContacts: ContactJson[] = []
  const seen = new Set<string>()
  const unique: ImportRow[] = []
  for (const r of rows) {
    if (seen.has(r.number)) errorBag.push(rowError(r.row, r.name, r.number, 'duplicatedInFile'))
    else unique.push(r)
    seen.add(r.number)
  }
  for (let i = 0; i < unique.length; i += BATCH_SIZE) {
    const batch = unique.slice(i, i + BATCH_SIZE)
    const existing = new Set((await app.bind(Contact).query().forCompany(companyId).whereIn('number', batch.map((r) => r.number)).select('number')).map((c) => c.number))
    const fresh = batch.filter((r) => {
      if (existing.has(r.number)) errorBag.push(rowError(r.row, r.name, r.number, 'duplicated'))
      return !existing.has(r.number)
    })
    let created: Contact[]
    try {
      created = await app.knex.transaction((trx) => insertBatch(app, trx, companyId, fresh))
    } catch (err) {
      // A number created meanwhile by someone else: the batch rolled back whole, so its rows go in one by one.
      if (!isUniqueViolation(err)) throw err
      created = []
      for (const r of fresh) {
        try {
          created.push(...(await app.knex.transaction((trx) => insertBatch(app, trx, companyId, [r]))))
        } catch (inner) {
          if (!isUniqueViolation(inner)) throw inner
          errorBag.push(rowError(r.row, r.name, r.number, 'duplicated'))
        }
      }
    }
    newContacts.push(...created.map((c) => contactDto(c)))
    await breathe()
  }
  errorBag.sort((a, b) => a.row - b.row)
  if (newContacts.length) {
    app.events.emit('contact.imported', { companyId, count: newContacts.length })
    // One event for the whole import: thousands of `create` events would flood every open contacts page.
    app.realtime.publish({ companyId, topic: 'contact', data: { action: 'import', count: newContacts.length } })
  }
  return { newContacts, errorBag }
}

/** One multi-row insert for the contacts and one for their extra info; the new rows are read back by number. */
async function insertBatch(app: FastifyInstance, trx: Knex.Transaction, companyId: number, rows: ImportRow[]): Promise<Contact[]> {
  if (!rows.length) return []
  const now = new Date()
  await trx(Contact.tableName).insert(rows.map((r) => ({
    companyId, name: r.name, nameSearch: searchKey(r.name), number: r.number, email: r.email, profilePicUrl: null, isGroup: false, lid: null, createdAt: now, updatedAt: now,
  })))
  const created = await app.bind(Contact).query(trx).forCompany(companyId).whereIn('number', rows.map((r) => r.number)).orderBy('id')
  await indexNames(trx, created.map((c) => ({ id: c.id, companyId, nameSearch: c.nameSearch })))
  const idOf = new Map(created.map((c) => [c.number, c.id]))
  const extra = rows.flatMap((r) => r.extraInfo.map((f) => ({ companyId, contactId: idOf.get(r.number)!, name: f.name, value: f.value })))
  for (let i = 0; i < extra.length; i += BATCH_SIZE) await trx(ContactCustomField.tableName).insert(extra.slice(i, i + BATCH_SIZE))
  return created
}
