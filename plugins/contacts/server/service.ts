import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, DeletionHooks, isUniqueViolation } from '@zapdesk/plugin-api'
import { Contact, ContactCustomField } from './models.ts'
import { contactDto, type ContactJson } from './serialize.ts'
import { connectionsChannel, type ContactChannel } from './channel.ts'
import { cleanName, normalizeNumber, searchKey } from './normalize.ts'
import { contactIdsMatching, contactIdsSearched, contactSearch, contactsByIds, countCreated, type ContactSearchShape, type ContactSearchValues } from './lookup.ts'
import { indexNames } from './name-words.ts'
import { findOrCreateContact, findOrCreateContacts, type FindOrCreateInput, type FindOrCreateItem } from './find-or-create.ts'

export interface ContactInput {
  name?: string
  number?: string
  email?: string
  extraInfo?: Array<{ name: string; value: string }>
}

const badNumber = () => new AppError('ERR_VALIDATION', 400, [{ field: 'body/number', message: 'must have 8 to 15 digits' }], 'Invalid number')
const duplicated = (err: unknown) => (isUniqueViolation(err) ? new AppError('ERR_DUPLICATED_CONTACT', 409) : err)

/** Company-scoped contact writes with their side effects (realtime `contact`, domain events). `app.contacts`. */
export class ContactsService {
  /** Replaceable (tests, another channel plugin); defaults to the connections plugin when it is loaded. */
  channel: ContactChannel
  /** Run inside a contact's delete transaction: plugins whose rows name the contact remove them (tickets: its tickets). */
  readonly deletionHooks = new DeletionHooks()

  constructor(private app: FastifyInstance) {
    this.channel = connectionsChannel(app)
  }

  /**
   * Adds each row's contact to another plugin's query, read in the same query: a left join on the company's contact
   * (`contactId` / `companyId` name the query's columns) selecting `<as>Name`, `<as>Number`, `<as>ProfilePicUrl` and
   * `<as>IsGroup` (null when the contact is gone). What a ticket answer shows of its contact.
   */
  joinSummary(q: Knex.QueryBuilder, contactId: string, companyId: string, as: string): Knex.QueryBuilder {
    return q.leftJoin(`${Contact.tableName} as ${as}`, (j) => j.on(`${as}.id`, '=', contactId).andOn(`${as}.companyId`, '=', companyId))
      .select(`${as}.name as ${as}Name`, `${as}.number as ${as}Number`, `${as}.profilePicUrl as ${as}ProfilePicUrl`, `${as}.isGroup as ${as}IsGroup`)
  }

  /** The company's contacts with these ids, by id, in one query. */
  byIds(companyId: number, ids: number[]): Promise<Map<number, ContactJson>> {
    return contactsByIds(this.app, companyId, ids)
  }

  /** One contact of the company as the API answers it (without extra info), or undefined. */
  async find(companyId: number, id: number): Promise<ContactJson | undefined> {
    return (await contactsByIds(this.app, companyId, [id])).get(id)
  }

  /** A subquery of the ids of the company's contacts matching a search term (name word prefix or number prefix). */
  idsMatching(companyId: number, term: string): Knex.QueryBuilder {
    return contactIdsMatching(this.app, companyId, term)
  }

  /**
   * idsMatching in two steps, for a compiled statement (`Statement` of the plugin API): a term's values to bind (keys
   * starting with `contact`) and its shape, then the subquery from those values (real, or the statement's
   * placeholders) and shape.
   */
  search(term: string): { values: ContactSearchValues; shape: ContactSearchShape } {
    return contactSearch(this.app, term)
  }

  idsSearched(companyId: number, values: ContactSearchValues, shape: ContactSearchShape): Knex.QueryBuilder {
    return contactIdsSearched(this.app, companyId, values, shape)
  }

  /** How many person contacts (not groups) the company gained in [from, to) (null: unbounded on that side). */
  countCreated(companyId: number, range: { from: Date | null; to: Date | null }): Promise<number> {
    return countCreated(this.app, companyId, range)
  }

  scoped(companyId: number, trx?: Knex.Transaction) {
    return this.app.bind(Contact).query(trx).forCompany(companyId)
  }

  async get(companyId: number, id: number): Promise<Contact> {
    const contact = await this.scoped(companyId).findById(id)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    return contact
  }

  /** One contact with its extra info, as the API answers it. */
  async show(companyId: number, id: number): Promise<ContactJson> {
    const contact = await this.get(companyId, id)
    const extra = await this.app.bind(ContactCustomField).query().forCompany(companyId).where({ contactId: id }).orderBy('id')
    return contactDto(contact, extra)
  }

  /** Normalizes a typed number and, when the company has a connected channel, checks it there (it may correct it). */
  private async checkedNumber(companyId: number, raw: string): Promise<{ number: string; onChannel: boolean }> {
    const digits = normalizeNumber(raw)
    if (!digits) throw badNumber()
    const checked = await this.channel.checkNumber(companyId, digits)
    return { number: checked ?? digits, onChannel: checked !== null }
  }

  private async saveExtra(trx: Knex.Transaction, companyId: number, contactId: number, extra: ContactInput['extraInfo']): Promise<void> {
    await this.app.bind(ContactCustomField).query(trx).forCompany(companyId).where({ contactId }).delete()
    const rows = (extra ?? []).map((f) => ({ companyId, contactId, name: f.name.trim(), value: f.value.trim() })).filter((f) => f.name)
    if (rows.length) await trx(ContactCustomField.tableName).insert(rows)
  }

  async create(companyId: number, input: Required<Pick<ContactInput, 'name' | 'number'>> & ContactInput): Promise<ContactJson> {
    const { number, onChannel } = await this.checkedNumber(companyId, input.number)
    const profilePicUrl = onChannel ? await this.channel.profilePicture(companyId, number) : null
    const name = cleanName(input.name, number)
    const contact = await this.app.knex.transaction(async (trx) => {
      const row = await this.scoped(companyId, trx).insert({ name, nameSearch: searchKey(name), number, email: input.email?.trim() ?? '', profilePicUrl, isGroup: false, lid: null })
      await indexNames(trx, [{ id: row.id, companyId, nameSearch: row.nameSearch }])
      await this.saveExtra(trx, companyId, row.id, input.extraInfo)
      return row
    }).catch((err) => { throw duplicated(err) })
    return this.announce(companyId, 'create', contact.id)
  }

  async update(companyId: number, id: number, input: ContactInput): Promise<ContactJson> {
    const current = await this.get(companyId, id)
    const patch: Partial<Contact> = {}
    if (input.name !== undefined) {
      patch.name = cleanName(input.name, current.number ?? '')
      patch.nameSearch = searchKey(patch.name)
    }
    if (input.email !== undefined) patch.email = input.email.trim()
    // Only a changed number is checked again: resaving a contact must not depend on the channel being up.
    if (input.number !== undefined && normalizeNumber(input.number) !== current.number) patch.number = (await this.checkedNumber(companyId, input.number)).number
    await this.app.knex.transaction(async (trx) => {
      if (Object.keys(patch).length) await this.scoped(companyId, trx).patch(patch).where('id', id)
      if (patch.nameSearch !== undefined) await indexNames(trx, [{ id, companyId, nameSearch: patch.nameSearch }], { replace: true })
      if (input.extraInfo !== undefined) await this.saveExtra(trx, companyId, id, input.extraInfo)
    }).catch((err) => { throw duplicated(err) })
    return this.announce(companyId, 'update', id)
  }

  async remove(companyId: number, id: number): Promise<void> {
    await this.get(companyId, id)
    await this.app.knex.transaction(async (trx) => {
      await this.deletionHooks.run(trx, companyId, id)
      await this.scoped(companyId, trx).deleteById(id)
    })
    this.app.events.emit('contact.deleted', { companyId, contactId: id })
    this.app.realtime.publish({ companyId, topic: 'contact', data: { action: 'delete', contactId: id } })
  }

  /** The tickets pipeline's entry: one contact per number or LID, created at most once under any concurrency. */
  async findOrCreateContact(companyId: number, input: FindOrCreateInput): Promise<{ contact: ContactJson; created: boolean }> {
    const { contact, created, changed } = await findOrCreateContact(this.app, companyId, input)
    // A contact created here is the row just inserted (every column given) and has no extra info yet: announced as
    // is, not read back. A changed one may have extra info, so it is read as the API answers it.
    if (created) return { contact: this.publish(companyId, 'create', contactDto(contact, [])), created }
    if (changed) return { contact: await this.announce(companyId, 'update', contact.id), created }
    return { contact: contactDto(contact), created }
  }

  /**
   * findOrCreateContact for several contacts at once (the pipeline's group commit): one lookup and one multi-row
   * insert for the common cases, the single path for the rest; announced exactly as one at a time. One outcome per
   * item, in order (a failed item carries its error).
   */
  async findOrCreateContacts(items: FindOrCreateItem[]): Promise<Array<{ contact: ContactJson; created: boolean } | { error: unknown }>> {
    const outcomes = await findOrCreateContacts(this.app, items)
    const out: Array<{ contact: ContactJson; created: boolean } | { error: unknown }> = []
    for (let i = 0; i < items.length; i++) {
      const o = outcomes[i]
      if ('error' in o) { out.push(o); continue }
      const { companyId } = items[i]
      try {
        if (o.created) out.push({ contact: this.publish(companyId, 'create', contactDto(o.contact, [])), created: true })
        else if (o.changed) out.push({ contact: await this.announce(companyId, 'update', o.contact.id), created: false })
        else out.push({ contact: contactDto(o.contact), created: false })
      } catch (error) {
        out.push({ error })
      }
    }
    return out
  }

  /** Publishes a saved contact (realtime and domain event) and returns it as the API answers it. */
  private async announce(companyId: number, action: 'create' | 'update', id: number): Promise<ContactJson> {
    return this.publish(companyId, action, await this.show(companyId, id))
  }

  private publish(companyId: number, action: 'create' | 'update', contact: ContactJson): ContactJson {
    const id = contact.id
    this.app.events.emit(action === 'create' ? 'contact.created' : 'contact.updated', { companyId, contactId: id })
    this.app.realtime.publish({ companyId, topic: 'contact', data: { action, contact } })
    return contact
  }
}
