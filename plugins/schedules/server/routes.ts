import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses, pageOf, readUploads } from '@zapdesk/plugin-api'
import { CreateBody, ListQuery, ScheduleDto, UpdateBody } from './serialize.ts'
import { wakeSender } from './sender/wake.ts'

/** The spec's attachments for a schedule: pictures only. */
export const MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg']

/** Every user of the company reads and changes its schedules (the contacts page offers scheduling to all). */
export default async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/schedules', {
    schema: {
      summary: 'Schedules, 20 a page, latest send time first; searchParam matches the body or the contact; contactId, userId, from/to narrow',
      querystring: ListQuery, response: { 200: pageOf('schedules', ScheduleDto), ...errorResponses },
    },
  }, async (request) => app.schedules.page(request.auth!.companyId, request.query))

  api.get('/schedules/:id', {
    schema: { summary: 'One schedule', params: IdParams, response: { 200: ScheduleDto, ...errorResponses } },
  }, async (request) => app.schedules.get(request.auth!.companyId, request.params.id))

  api.post('/schedules', {
    schema: { summary: 'Schedule a message to a contact (body at least 5 characters, sendAt in the future)', body: CreateBody, response: { 201: ScheduleDto, ...errorResponses } },
  }, async (request, reply) => {
    const saved = await app.schedules.create(request.auth!.companyId, request.auth!.userId, request.body)
    // A schedule due before the next periodic wake-up is not kept waiting for it.
    if (new Date(saved.sendAt).getTime() - Date.now() < 60_000) await wakeSender(app, new Date(saved.sendAt).getTime() - Date.now())
    return reply.status(201).send(saved)
  })

  api.put('/schedules/:id', {
    schema: { summary: 'Change a schedule not sent yet (409 ERR_SCHEDULE_SENT once sent)', params: IdParams, body: UpdateBody, response: { 200: ScheduleDto, ...errorResponses } },
  }, async (request) => app.schedules.update(request.auth!.companyId, request.params.id, request.body))

  api.delete('/schedules/:id', {
    schema: { summary: 'Delete a schedule (and its picture)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.schedules.remove(request.auth!.companyId, request.params.id)
    return reply.status(204).send(null)
  })

  api.post('/schedules/:id/media-upload', {
    schema: {
      summary: 'Attach a picture (multipart `file`: .png, .jpg, .jpeg), replacing the previous one; only while not sent',
      consumes: ['multipart/form-data'], params: IdParams, response: { 200: ScheduleDto, ...errorResponses },
    },
  }, async (request) => {
    const { companyId } = request.auth!
    // Checked before the body is read, so a foreign or sent schedule stores nothing.
    const current = await app.schedules.find(companyId, request.params.id)
    if (current.sentAt || current.status === 'sent') throw new AppError('ERR_SCHEDULE_SENT', 409)
    const { files } = await readUploads(request, { extensions: MEDIA_EXTENSIONS, maxFiles: 1 })
    const file = files[0]
    if (!file) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'a file is required' }])
    try {
      return await app.schedules.setMedia(companyId, current.id, { path: file.name, name: file.originalName })
    } catch (err) {
      await app.storage.remove(companyId, file.name)
      throw err
    }
  })

  api.delete('/schedules/:id/media-upload', {
    schema: { summary: 'Remove the picture; only while not sent', params: IdParams, response: { 200: ScheduleDto, ...errorResponses } },
  }, async (request) => app.schedules.setMedia(request.auth!.companyId, request.params.id, null))
}
