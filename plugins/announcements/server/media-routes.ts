import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, errorResponses, readUploads } from '@zapdesk/plugin-api'
import { AnnouncementDto, announcementDto } from './serialize.ts'
import { publishChange } from './live.ts'

/** The spec: an announcement's attachment is a png, jpg or jpeg image. */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg']

/**
 * The image of an announcement. Stored as a public file (GET /api/public/:companyId/:name, no token: every company's
 * users load it, and the spec loads it from a public path) in the uploading super user's company folder.
 */
export default async function announcementMediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/announcements/:id/media-upload', {
    config: { access: 'super' },
    schema: {
      summary: 'Attach an image (multipart: file, .png/.jpg/.jpeg); replaces the previous one',
      consumes: ['multipart/form-data'], params: IdParams, response: { 200: AnnouncementDto, ...errorResponses },
    },
  }, async (request) => {
    // Checked before the body is read, so an unknown id stores nothing.
    await app.announcements.get(request.params.id)
    const { companyId } = request.auth!
    const { files } = await readUploads(request, { extensions: IMAGE_EXTENSIONS, maxFiles: 1, visibility: 'public' })
    const file = files[0]
    if (!file) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'an image is required' }])
    const { before, after } = await app.announcements.setImage(request.params.id, { companyId, path: file.name, originalName: file.originalName })
    publishChange(app, 'update', after, before)
    return announcementDto(after)
  })

  api.delete('/announcements/:id/media-upload', {
    config: { access: 'super' },
    schema: { summary: 'Remove the image', params: IdParams, response: { 200: AnnouncementDto, ...errorResponses } },
  }, async (request) => {
    const { before, after } = await app.announcements.clearImage(request.params.id)
    publishChange(app, 'update', after, before)
    return announcementDto(after)
  })
}
