import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Pagination, Type, errorResponses, pageOf, readUploads } from '@zapdesk/plugin-api'
import { CreateBody, FileListDto, UpdateBody, type FileListJson } from './serialize.ts'
import type { UploadedOption } from './service.ts'

/** What a file list may hold: what WhatsApp sends as image, audio, video or document. */
export const FILE_EXTENSIONS = [
  '.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp3', '.ogg', '.oga', '.opus', '.m4a', '.mp4', '.pdf', '.txt', '.csv',
  '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.zip',
]
const MAX_FILES_PER_UPLOAD = 10

/** Reading is for every user of the company (an agent may send a list); changing is for admins. */
export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const publish = (companyId: number, action: 'create' | 'update' | 'delete', file: FileListJson) =>
    app.realtime.publish({ companyId, topic: 'file', data: action === 'delete' ? { action, fileId: file.id } : { action, file } })

  api.get('/files', {
    schema: { summary: 'File lists, paged; searchParam matches the name', querystring: Pagination, response: { 200: pageOf('files', FileListDto), ...errorResponses } },
  }, async (request) => app.files.page(request.auth!.companyId, request.query.searchParam, request.query.pageNumber ?? 1))

  api.get('/files/:id', {
    schema: { summary: 'One file list with its files', params: IdParams, response: { 200: FileListDto, ...errorResponses } },
  }, async (request) => app.files.get(request.auth!.companyId, request.params.id))

  api.post('/files', {
    config: { access: 'admin' },
    schema: { summary: 'Create a file list (its files follow with POST /files/uploadList/:id)', body: CreateBody, response: { 201: FileListDto, ...errorResponses } },
  }, async (request, reply) => {
    const saved = await app.files.create(request.auth!.companyId, request.body)
    publish(saved.companyId, 'create', saved)
    return reply.status(201).send(saved)
  })

  api.put('/files/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Change a file list; options, when sent, is the whole new list of files', params: IdParams, body: UpdateBody, response: { 200: FileListDto, ...errorResponses } },
  }, async (request) => {
    const saved = await app.files.update(request.auth!.companyId, request.params.id, request.body)
    publish(saved.companyId, 'update', saved)
    return saved
  })

  api.delete('/files/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Delete a file list and its files', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const gone = await app.files.remove(request.auth!.companyId, request.params.id)
    publish(gone.companyId, 'delete', gone)
    return reply.status(204).send(null)
  })

  api.post('/files/uploadList/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Upload files to a list (multipart: files, and per file: id of the option it replaces, name, mediaType)',
      consumes: ['multipart/form-data'], params: IdParams, response: { 200: FileListDto, ...errorResponses },
    },
  }, async (request) => {
    const { companyId } = request.auth!
    // Checked before the body is read, so a foreign id stores nothing.
    await app.files.get(companyId, request.params.id)
    const { files, fieldLists } = await readUploads(request, { extensions: FILE_EXTENSIONS, maxFiles: MAX_FILES_PER_UPLOAD })
    try {
      if (!files.length) throw new AppError('ERR_VALIDATION', 400, [{ field: 'files', message: 'a file is required' }])
      const uploads: UploadedOption[] = files.map((f, i) => ({
        optionId: optionIdOf(fieldLists.id?.[i]), name: fieldLists.name?.[i], path: f.name, fileName: f.originalName, mediaType: fieldLists.mediaType?.[i] || f.mimetype,
      }))
      const saved = await app.files.attach(companyId, request.params.id, uploads)
      publish(companyId, 'update', saved)
      return saved
    } catch (err) {
      await Promise.all(files.map((f) => app.storage.remove(companyId, f.name)))
      throw err
    }
  })
}

/** The option a file replaces: a positive integer, or nothing (a new option). */
function optionIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '' || raw === 'undefined' || raw === 'null') return undefined
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new AppError('ERR_VALIDATION', 400, [{ field: 'id', message: 'must be an option id' }])
  return Number(raw)
}
