import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import fs from 'node:fs'
import path from 'node:path'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { MediaStorage } from './media-storage.ts'
import { AppError } from '../errors/app-error.ts'
import { errorResponses } from '../http/schemas.ts'

const MIME: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.opus': 'audio/ogg', '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4', '.pdf': 'application/pdf', '.txt': 'text/plain', '.csv': 'text/csv',
}

const FileParams = Type.Object({ name: Type.String({ maxLength: 64 }) })
const CompanyFileParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }), name: Type.String({ maxLength: 64 }) })

/** Media storage, multipart limits and the two file routes: private (own company only) and public. */
export default fp(async (app) => {
  const storage = new MediaStorage(app.config.dataDir)
  app.decorate('storage', storage)
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 10, fields: 50, fieldSize: 1024 * 1024 }, throwFileSizeLimit: true })

  const send = (file: string | null, reply: import('fastify').FastifyReply, cache: string) => {
    if (!file) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
    const type = MIME[path.extname(file)] ?? 'application/octet-stream'
    reply.header('content-type', type).header('cache-control', cache).header('x-content-type-options', 'nosniff')
    if (!type.startsWith('image/') && !type.startsWith('audio/') && !type.startsWith('video/')) reply.header('content-disposition', 'attachment')
    return reply.send(fs.createReadStream(file))
  }

  app.register(async (scope) => {
    const api = scope.withTypeProvider<TypeBoxTypeProvider>()
    api.get('/media/:name', {
      schema: { tags: ['media'], summary: 'A media file of the caller\'s company', params: FileParams, response: errorResponses },
    }, async (request, reply) => send(storage.locate(request.auth!.companyId, request.params.name), reply, 'private, max-age=3600'))

    api.get('/public/:companyId/:name', {
      config: { access: 'public' },
      schema: { tags: ['media'], summary: 'A public file (announcement images)', params: CompanyFileParams, response: errorResponses },
    }, async (request, reply) => send(storage.locate(request.params.companyId, request.params.name, 'public'), reply, 'public, max-age=86400'))
  }, { prefix: '/api' })
}, { name: 'zapdesk-storage', dependencies: ['zapdesk-auth'] })
