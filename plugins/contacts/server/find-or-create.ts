import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import { Contact } from './models.ts'
import { indexNames } from './name-words.ts'
import { insertNewContacts } from './insert-contacts.ts'
import { cleanName, normalizeGroupNumber, searchKey } from './normalize.ts'

export interface FindOrCreateInput {
  /** Phone number (any formatting) or group id; absent when WhatsApp only told the LID. */
  number?: string | null
  /** The LID jid (`123...@lid`) when known. */
  lid?: string | null
  name?: string | null
  isGroup?: boolean
  profilePicUrl?: string | null
}

/** Digits of a number WhatsApp reported (authoritative, so no length rule beyond the column's). */
function channelNumber(raw: string | null | undefined, isGroup: boolean): string | null {
  if (!raw) return null
  if (isGroup) return normalizeGroupNumber(raw)
  const digits = raw.split('@')[0].split(':')[0].replace(/\D/g, '')
  return digits.length >= 3 && digits.length <= 50 ? digits : null
}

const cleanLid = (lid: string | null | undefined): string | null => {
  const v = lid?.trim().slice(0, 80)
  return v ? v : null
}

/**
 * Insert-or-fetch, never check-then-insert: the unique indexes (company, number) and (company, lid) decide, so two
 * messages of a new contact arriving at once on two instances create ONE row. A known contact seen with a new
 * identity (the LID of a number, or the number of a LID) gets it filled in, unless another row already holds it.
 */
export async function findOrCreateContact(app: FastifyInstance, companyId: number, input: FindOrCreateInput): Promise<{ contact: Contact; created: boolean; changed: boolean }> {
  const isGroup = input.isGroup === true
  const number = channelNumber(input.number, isGroup)
  const lid = isGroup ? null : cleanLid(input.lid)
  if (!number && !lid) throw new Error('findOrCreateContact needs a number or a LID')
  const Contacts = app.bind(Contact)
  // The inbound pipeline calls this for every message: the lookup and the insert use plain knex (objection's query
  // machinery costs several times the query on SQLite) and make the same models of the rows.
  const lookup = async () => {
    const rows: Array<Record<string, unknown>> = await app.knex('contacts').where({ companyId }).where((q) => {
      if (number) q.orWhere('number', number)
      if (lid) q.orWhere('lid', lid)
    })
    const contacts = rows.map((r) => Contacts.fromDatabaseJson(r))
    // The row found by number wins: it is the one agents already know and talk to.
    return contacts.find((r) => number && r.number === number) ?? contacts[0]
  }

  let found = await lookup()
  if (!found) {
    const name = cleanName(input.name, number ?? lid!.split('@')[0])
    try {
      const now = new Date()
      const row = { companyId, name, nameSearch: searchKey(name), number, lid, email: '', isGroup, profilePicUrl: input.profilePicUrl ?? null, createdAt: now, updatedAt: now }
      // The contact and its name's words together: a contact is never left out of the search.
      const id = await app.knex.transaction(async (trx) => {
        const [inserted] = await trx('contacts').insert(row)
        await indexNames(trx, [{ id: Number(inserted), companyId, nameSearch: row.nameSearch }])
        return inserted
      })
      const contact = Contacts.fromDatabaseJson({ ...row, id: Number(id) })
      return { contact, created: true, changed: false }
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      found = await lookup()
      if (!found) throw err
    }
  }
  const patch: Partial<Contact> = {}
  if (number && !found.number) patch.number = number
  if (lid && !found.lid) patch.lid = lid
  if (input.profilePicUrl && input.profilePicUrl !== found.profilePicUrl) patch.profilePicUrl = input.profilePicUrl
  // A contact first seen without a name is named after its number: the first real name replaces that.
  const realName = input.name?.trim()
  if (realName && (found.name === found.number || found.name === found.lid?.split('@')[0])) {
    patch.name = cleanName(realName, found.name)
    patch.nameSearch = searchKey(patch.name)
  }
  if (!Object.keys(patch).length) return { contact: found, created: false, changed: false }
  try {
    const contact = patch.nameSearch === undefined
      ? await Contacts.query().forCompany(companyId).patchAndFetchById(found.id, patch)
      : await app.knex.transaction(async (trx) => {
        const renamed = await Contacts.query(trx).forCompany(companyId).patchAndFetchById(found.id, patch)
        await indexNames(trx, [{ id: found.id, companyId, nameSearch: patch.nameSearch! }], { replace: true })
        return renamed
      })
    return { contact, created: false, changed: true }
  } catch (err) {
    // Another row holds that number or LID (two rows for one person until someone merges them): keep this one as is.
    if (isUniqueViolation(err)) return { contact: found, created: false, changed: false }
    throw err
  }
}

export interface FindOrCreateItem {
  companyId: number
  input: FindOrCreateInput
}

export type FindOrCreateOutcome = { contact: Contact; created: boolean; changed: boolean } | { error: unknown }

/**
 * findOrCreateContact for several contacts at once (the inbound pipeline's group commit), in one lookup and one
 * multi-row insert: the common case, a known contact with nothing to fill in, or a new one, costs a share of two
 * statements. Anything else goes through findOrCreateContact one at a time, after the insert, in the items' order:
 * a known contact that gets a field filled in, a new contact that shares its number or LID with an earlier item,
 * the items of an insert that lost a race (the unique indexes still decide, as for one contact), a bad input.
 * Answers one outcome per item, in order; items of one new contact get `created` on the first only.
 */
export async function findOrCreateContacts(app: FastifyInstance, items: FindOrCreateItem[]): Promise<FindOrCreateOutcome[]> {
  const Contacts = app.bind(Contact)
  const out: Array<FindOrCreateOutcome | undefined> = new Array(items.length)
  const keys = items.map(({ input }) => {
    const isGroup = input.isGroup === true
    const number = channelNumber(input.number, isGroup)
    const lid = isGroup ? null : cleanLid(input.lid)
    return { isGroup, number, lid }
  })
  const lookable = items.map((_, i) => i).filter((i) => keys[i].number || keys[i].lid)
  const byCompany = new Map<number, { numbers: Set<string>; lids: Set<string> }>()
  for (const i of lookable) {
    const c = byCompany.get(items[i].companyId) ?? { numbers: new Set<string>(), lids: new Set<string>() }
    byCompany.set(items[i].companyId, c)
    if (keys[i].number) c.numbers.add(keys[i].number!)
    if (keys[i].lid) c.lids.add(keys[i].lid!)
  }
  const rows: Array<Record<string, unknown>> = byCompany.size
    ? await app.knex('contacts').where((q) => {
      for (const [companyId, { numbers, lids }] of byCompany) {
        q.orWhere((w) => w.where({ companyId }).where((x) => {
          if (numbers.size) x.orWhereIn('number', [...numbers])
          if (lids.size) x.orWhereIn('lid', [...lids])
        }))
      }
    }).orderBy('id')
    : []
  const found = rows.map((r) => Contacts.fromDatabaseJson(r))
  const single: number[] = []
  const fresh: number[] = []
  const claimed = new Set<string>()
  for (let i = 0; i < items.length; i++) {
    const { companyId, input } = items[i]
    const { number, lid } = keys[i]
    if (!number && !lid) { single.push(i); continue }
    const mine = found.filter((r) => r.companyId === companyId && ((number && r.number === number) || (lid && r.lid === lid)))
    const hit = mine.find((r) => number && r.number === number) ?? mine[0]
    if (hit) {
      // Same rules as findOrCreateContact: anything to fill in goes the single way (it patches and announces).
      const realName = input.name?.trim()
      const needs = (number && !hit.number) || (lid && !hit.lid) || (input.profilePicUrl && input.profilePicUrl !== hit.profilePicUrl)
        || (realName && (hit.name === hit.number || hit.name === hit.lid?.split('@')[0]))
      if (needs) single.push(i)
      else out[i] = { contact: hit, created: false, changed: false }
      continue
    }
    const ids = [number && `${companyId}:n:${number}`, lid && `${companyId}:l:${lid}`].filter((k): k is string => Boolean(k))
    if (ids.some((k) => claimed.has(k))) { single.push(i); continue }
    for (const k of ids) claimed.add(k)
    fresh.push(i)
  }
  if (fresh.length) {
    const now = new Date()
    const rowsToInsert = fresh.map((i) => {
      const { companyId, input } = items[i]
      const { isGroup, number, lid } = keys[i]
      const name = cleanName(input.name, number ?? lid!.split('@')[0])
      return { companyId, name, nameSearch: searchKey(name), number, lid, email: '', isGroup, profilePicUrl: input.profilePicUrl ?? null, createdAt: now, updatedAt: now }
    })
    try {
      const ids = await insertNewContacts(app, rowsToInsert)
      fresh.forEach((i, k) => (out[i] = { contact: Contacts.fromDatabaseJson({ ...rowsToInsert[k], id: ids[k] }), created: true, changed: false }))
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      // A concurrent creator won one of them: nothing was inserted (one statement), each goes the single way.
      single.push(...fresh)
    }
  }
  for (const i of single.sort((a, b) => a - b)) {
    try {
      out[i] = await findOrCreateContact(app, items[i].companyId, items[i].input)
    } catch (error) {
      out[i] = { error }
    }
  }
  return out as FindOrCreateOutcome[]
}
