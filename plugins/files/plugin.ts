import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { FilesService } from './server/service.ts'
import './server/types.ts'

/**
 * File lists (the spec's Files page): named lists of files with a message. Campaigns attach one; any plugin reads
 * them through `app.files`. Realtime topic `file` (admins) carries create/update/delete.
 */
export default definePlugin({
  name: 'files',
  version: '1.0.0',
  description: 'File lists: named sets of files with a message, attached by campaigns and other plugins',
  tables: ['file_lists', 'file_list_options'],
  provides: ['files'],
  errorCodes: ['ERR_NO_FILE_FOUND'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { file: { adminOnly: true } },
  setup(app) {
    app.decorate('files', new FilesService(app))
  },
  async tenantFixtures(app, companyId, marker) {
    const list = await app.files.create(companyId, { name: `Catálogo ${marker}`, message: `Veja ${marker}`, options: [{ name: `Tabela ${marker}` }] })
    const path = await app.storage.save(companyId, Buffer.from(`price list ${marker}`), 'tabela.pdf')
    await app.files.attach(companyId, list.id, [{ optionId: list.options[0].id, path, fileName: `tabela ${marker}.pdf`, mediaType: 'application/pdf' }])
    return { files: list.id }
  },
})
