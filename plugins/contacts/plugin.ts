import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { ContactsService } from './server/service.ts'
import { Contact } from './server/models.ts'
import { searchKey } from './server/normalize.ts'
import { indexNames } from './server/name-words.ts'
import './server/types.ts'

/**
 * Contacts: the company's directory (search, form, extra info, .xlsx import, CSV export) and the race-safe
 * findOrCreateContact the tickets pipeline uses (see public.ts). Numbers are checked on WhatsApp through the
 * connections plugin when the company has a connected connection.
 */
export default definePlugin({
  name: 'contacts',
  version: '1.0.0',
  tables: ['contacts', 'contact_custom_fields', 'contact_search_words'],
  optionalDependencies: ['connections'],
  provides: ['contacts'],
  events: ['contact.created', 'contact.updated', 'contact.deleted', 'contact.imported'],
  errorCodes: ['ERR_DUPLICATED_CONTACT', 'ERR_NO_CONTACT_FOUND'],
  description: 'Company contacts: directory, extra info, spreadsheet import, CSV export, findOrCreateContact',
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { contact: {} },
  permissions: { 'contacts-page:deleteContact': ['admin'] },
  setup(app) {
    app.decorate('contacts', new ContactsService(app))
  },
  async tenantFixtures(app, companyId, marker) {
    const name = `Contact ${marker}`
    const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    const contact = await app.bind(Contact).query().forCompany(companyId).insert({ name, nameSearch: searchKey(name), number, email: '', profilePicUrl: null, isGroup: false, lid: null })
    await indexNames(app.knex, [{ id: contact.id, companyId, nameSearch: contact.nameSearch }])
    await app.knex('contactCustomFields').insert({ companyId, contactId: contact.id, name: 'note', value: `extra ${marker}` })
    return { contacts: contact.id, contactId: contact.id }
  },
})
