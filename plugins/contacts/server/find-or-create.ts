import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '../../../core/plugin-api/index.ts'
import { Contact } from './models.ts'
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
      const [id] = await app.knex('contacts').insert(row)
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
    const contact = await Contacts.query().forCompany(companyId).patchAndFetchById(found.id, patch)
    return { contact, created: false, changed: true }
  } catch (err) {
    // Another row holds that number or LID (two rows for one person until someone merges them): keep this one as is.
    if (isUniqueViolation(err)) return { contact: found, created: false, changed: false }
    throw err
  }
}
