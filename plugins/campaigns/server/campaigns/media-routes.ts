import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, errorResponses, readUploads } from '@zapdesk/plugin-api'
import { Campaign } from '../models.ts'
import { CampaignDto } from './serialize.ts'
import { renderOne } from './render.ts'
import { findCampaign } from './service.ts'
import { isEditable } from './rules.ts'
import { publishCampaign } from './publish.ts'

/** What a campaign may send with its message: what WhatsApp sends as image, audio, video or document. */
export const MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp3', '.ogg', '.opus', '.m4a', '.mp4', '.pdf', '.txt', '.csv', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.zip']

/** The campaign's attachment (sent with its message as caption), under the same edit lock as the rest. */
export default async function campaignMediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const editable = async (companyId: number, id: number) => {
    const current = await findCampaign(app, companyId, id)
    if (!isEditable(current)) throw new AppError('ERR_CAMPAIGN_LOCKED', 409)
    return current
  }

  api.post('/campaigns/:id/media-upload', {
    schema: { summary: 'Attach a file (multipart `file`); replaces the previous one', consumes: ['multipart/form-data'], params: IdParams, response: { 200: CampaignDto, ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    const current = await editable(companyId, request.params.id)
    const { files } = await readUploads(request, { extensions: MEDIA_EXTENSIONS, maxFiles: 1 })
    const file = files[0]
    if (!file) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'a file is required' }])
    let row: Campaign
    try {
      row = await app.bind(Campaign).query().forCompany(companyId).patchAndFetchById(current.id, { mediaPath: file.name, mediaName: file.originalName.slice(0, 255) })
    } catch (err) {
      await app.storage.remove(companyId, file.name)
      throw err
    }
    if (current.mediaPath) await app.storage.remove(companyId, current.mediaPath)
    const record = await renderOne(app, companyId, row)
    publishCampaign(app, companyId, { action: 'update', record })
    return record
  })

  api.delete('/campaigns/:id/media-upload', {
    schema: { summary: 'Remove the attached file', params: IdParams, response: { 200: CampaignDto, ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    const current = await editable(companyId, request.params.id)
    const row = await app.bind(Campaign).query().forCompany(companyId).patchAndFetchById(current.id, { mediaPath: null, mediaName: null })
    if (current.mediaPath) await app.storage.remove(companyId, current.mediaPath)
    const record = await renderOne(app, companyId, row)
    publishCampaign(app, companyId, { action: 'update', record })
    return record
  })
}
