import { apiCall, fileUpload, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'

/** Shared by this plugin's tests: API calls and multipart uploads as the web app sends them. */
export const call = apiCall

export const upload = (app: FastifyInstance, url: string, headers: TestHeaders, fileName: string, data: Buffer) =>
  fileUpload(app, url, headers, fileName, data, { typeArch: 'announcements' })

/** A tiny valid PNG header: what the tests upload as an announcement's image. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
