import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, errorResponses, readUploads } from '@zapdesk/plugin-api'
import { QuickMessage } from './models.ts'
import { QuickMessageDto, quickMessageDto } from './serialize.ts'
import { findEditable, publish } from './access.ts'

/** What an agent may attach to a quick message: what WhatsApp sends as image, audio, video or document. */
export const MEDIA_EXTENSIONS = [
  '.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp3', '.ogg', '.oga', '.opus', '.m4a', '.mp4', '.pdf', '.txt', '.csv',
  '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.zip',
]

/** The attachment of a quick message: stored in the company's private media, served by GET /api/media/:name. */
export default async function quickMessageMediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Messages = app.bind(QuickMessage)

  api.post('/quick-messages/:id/media-upload', {
    schema: {
      summary: 'Attach a file (multipart: typeArch, file); replaces the previous one',
      consumes: ['multipart/form-data'], params: IdParams, response: { 200: QuickMessageDto, ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    // Checked before the body is read, so a foreign or hidden id stores nothing.
    const current = await findEditable(app, auth, request.params.id)
    const { files } = await readUploads(request, { extensions: MEDIA_EXTENSIONS, maxFiles: 1 })
    const file = files[0]
    if (!file) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'a file is required' }])
    let row: QuickMessage
    try {
      row = await Messages.query().forCompany(auth.companyId).patchAndFetchById(current.id, { isMedia: true, mediaPath: file.name, mediaName: file.originalName.slice(0, 255) })
    } catch (err) {
      await app.storage.remove(auth.companyId, file.name)
      throw err
    }
    if (current.mediaPath) await app.storage.remove(auth.companyId, current.mediaPath)
    publish(app, row, 'update')
    return quickMessageDto(row)
  })

  api.delete('/quick-messages/:id/media-upload', {
    schema: { summary: 'Remove the attached file', params: IdParams, response: { 200: QuickMessageDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const current = await findEditable(app, auth, request.params.id)
    const row = await Messages.query().forCompany(auth.companyId).patchAndFetchById(current.id, { isMedia: false, mediaPath: null, mediaName: null })
    if (current.mediaPath) await app.storage.remove(auth.companyId, current.mediaPath)
    publish(app, row, 'update')
    return quickMessageDto(row)
  })
}
