/**
 * What other plugins may use from the files plugin (declare `dependencies: ['files']`, import
 * `@zapdesk/files/public`). Everything else here is internal, its tables included.
 *
 *   const list = await app.files.find(companyId, fileListId)            // { name, message, options } or null
 *   for (const f of await app.files.attachments(companyId, fileListId)) { f.data, f.mimetype, f.fileName }
 *   app.files.deletionHooks.add(async (trx, companyId, fileListId) => { ... detach your rows ... })
 */
import './server/types.ts'

export type { FilesService, FileAttachment } from './server/service.ts'
export type { FileListJson, FileOptionJson } from './server/serialize.ts'
