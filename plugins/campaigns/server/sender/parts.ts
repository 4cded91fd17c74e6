import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import '@zapdesk/files/public'
import type { OutboundMedia } from '@zapdesk/connections/public'
import type { Campaign } from '../models.ts'

/** One message of a recipient's sends: text, or a file with an optional caption. */
export interface Part {
  body?: string
  media?: OutboundMedia
}

/** A file's WhatsApp kind by its mimetype's family; anything else is a document. */
export function kindOf(mimetype: string): OutboundMedia['type'] {
  const family = mimetype.split('/')[0].toLowerCase()
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document'
}

const MIMETYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg', '.opus': 'audio/ogg', '.m4a': 'audio/mp4', '.mp4': 'video/mp4', '.pdf': 'application/pdf',
}
const mimetypeOf = (name: string) => MIMETYPES[name.slice(name.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream'

/** The files a campaign sends besides its text, read once per dispatch run. */
export interface CampaignFiles {
  media: OutboundMedia | null
  attachments: OutboundMedia[]
}

export async function loadFiles(app: FastifyInstance, c: Campaign): Promise<CampaignFiles> {
  let media: OutboundMedia | null = null
  if (c.mediaPath) {
    const data = await app.storage.readBuffer(c.companyId, c.mediaPath)
    if (!data) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
    const mimetype = mimetypeOf(c.mediaName ?? c.mediaPath)
    media = { type: kindOf(mimetype), data, mimetype, fileName: c.mediaName ?? undefined }
  }
  const list = c.fileListId ? await app.files.find(c.companyId, c.fileListId) : null
  const attachments = list ? (await app.files.attachments(c.companyId, list.id)).map((f) => ({ type: kindOf(f.mimetype), data: f.data, mimetype: f.mimetype, fileName: f.fileName })) : []
  return { media, attachments }
}

/**
 * A recipient's messages in order: the text (as the caption of the campaign's file when it has one; an audio cannot
 * carry a caption, so then the text goes first on its own), then each file of the file list.
 */
export function partsOf(message: string, files: CampaignFiles): Part[] {
  const parts: Part[] = []
  if (files.media && files.media.type !== 'audio') parts.push({ body: message, media: files.media })
  else {
    parts.push({ body: message })
    if (files.media) parts.push({ media: files.media })
  }
  for (const media of files.attachments) parts.push({ media })
  return parts
}
