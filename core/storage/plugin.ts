import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { MediaStorage } from './media-storage.ts'
import { LocalDriver } from './local-driver.ts'
import type { S3Driver } from './s3-driver.ts'
import { sendMedia } from './serve.ts'
import { errorResponses } from '../http/schemas.ts'

const FileParams = Type.Object({ name: Type.String({ maxLength: 64 }) })
const CompanyFileParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }), name: Type.String({ maxLength: 64 }) })

/** Media storage (disk, or an S3-compatible bucket when MEDIA_S3_ENDPOINT is set), multipart limits and the two file routes. */
export default fp(async (app) => {
  const c = app.config
  let driver: LocalDriver | S3Driver = new LocalDriver(c.dataDir)
  if (c.mediaS3Endpoint) {
    // Loaded only when configured: the AWS SDK is hundreds of modules a disk install would read at every start.
    const { S3Driver } = await import('./s3-driver.ts')
    const s3 = new S3Driver({ endpoint: c.mediaS3Endpoint, bucket: c.mediaS3Bucket!, accessKey: c.mediaS3AccessKey!, secretKey: c.mediaS3SecretKey!, region: c.mediaS3Region })
    app.addHook('onClose', async () => s3.destroy())
    driver = s3
  }
  const storage = new MediaStorage(driver)
  app.decorate('storage', storage)
  await app.register(multipart, { limits: { fileSize: c.uploadMaxBytes, files: 10, fields: 50, fieldSize: 1024 * 1024 }, throwFileSizeLimit: true })

  app.register(async (scope) => {
    const api = scope.withTypeProvider<TypeBoxTypeProvider>()
    api.get('/media/:name', {
      schema: { tags: ['media'], summary: 'A media file of the caller\'s company (Range requests supported)', params: FileParams, response: errorResponses },
    }, async (request, reply) => sendMedia(storage, request, reply, { companyId: request.auth!.companyId, name: request.params.name, visibility: 'private', cache: 'private, max-age=3600' }))

    api.get('/public/:companyId/:name', {
      config: { access: 'public' },
      schema: { tags: ['media'], summary: 'A public file (announcement images; Range requests supported)', params: CompanyFileParams, response: errorResponses },
    }, async (request, reply) => sendMedia(storage, request, reply, { companyId: request.params.companyId, name: request.params.name, visibility: 'public', cache: 'public, max-age=86400' }))
  }, { prefix: '/api' })
}, { name: 'zapdesk-storage', dependencies: ['zapdesk-auth'] })
