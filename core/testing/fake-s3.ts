import http from 'node:http'
import { createHash, createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'

/**
 * A small S3-compatible server for tests (there is no S3 here): path-style PUT, GET (with Range), HEAD and DELETE
 * of objects and ListObjectsV2, in memory, for one bucket. Every request must carry a SigV4 Authorization header
 * with the configured access key (a wrong key is 403 InvalidAccessKeyId, as on S3) and a signature recomputed with
 * the secret key (else 403 SignatureDoesNotMatch). Streaming (aws-chunked) uploads are refused, so a driver that
 * sends them fails its test.
 */
export interface FakeS3 {
  url: string
  bucket: string
  accessKey: string
  secretKey: string
  objects: Map<string, Buffer>
  /** Method and path of every request, in order ("PUT /bucket/media/1/x.png"). */
  requests: string[]
  /** The MEDIA_S3_* variables pointing a server at this one. */
  env(): Record<string, string>
  close(): Promise<void>
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function fail(res: http.ServerResponse, status: number, code: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`)
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest()

/** SigV4 as S3 checks it: the canonical request from the raw path and query, the signed headers and the payload hash. */
function signatureOf(req: http.IncomingMessage, secretKey: string, scope: string, signedHeaders: string): string {
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?')
  const query = rawQuery.split('&').filter(Boolean).map((p) => (p.includes('=') ? p : `${p}=`)).sort().join('&')
  const headers = signedHeaders.split(';').map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('')
  const canonical = [req.method, rawPath, query, headers, signedHeaders, String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD')].join('\n')
  const toSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), scope, createHash('sha256').update(canonical).digest('hex')].join('\n')
  const [date, region, service] = scope.split('/')
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date), region), service), 'aws4_request')
  return createHmac('sha256', key).update(toSign).digest('hex')
}

async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

function listXml(bucket: string, keys: Array<[string, Buffer]>, prefix: string): string {
  const contents = keys.map(([k, v]) => `<Contents><Key>${xmlEscape(k)}</Key><Size>${v.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
    `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`
}

export async function startFakeS3(opts: { bucket?: string; accessKey?: string; secretKey?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'zapdesk-media'
  const accessKey = opts.accessKey ?? 'FAKEACCESSKEY'
  const secretKey = opts.secretKey ?? 'fake-secret-key-0123456789'
  const objects = new Map<string, Buffer>()
  const requests: string[] = []

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const [, first = '', ...rest] = url.pathname.split('/')
      const key = rest.map(decodeURIComponent).join('/')
      const head = req.method === 'HEAD'
      requests.push(`${req.method} /${decodeURIComponent(first)}${key ? `/${key}` : ''}`)
      const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8}\/[^/]+\/s3\/aws4_request), ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '')
      if (!auth) return fail(res, 403, 'AccessDenied', head)
      if (auth[1] !== accessKey) return fail(res, 403, 'InvalidAccessKeyId', head)
      if (signatureOf(req, secretKey, auth[2], auth[3]) !== auth[4]) return fail(res, 403, 'SignatureDoesNotMatch', head)
      if (decodeURIComponent(first) !== bucket) return fail(res, 404, 'NoSuchBucket', head)

      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? ''
        const keys = [...objects].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => a.localeCompare(b))
        res.writeHead(200, { 'content-type': 'application/xml' })
        return res.end(listXml(bucket, keys, prefix))
      }
      if (!key) return fail(res, 400, 'InvalidRequest', head)

      if (req.method === 'PUT') {
        if (String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-')) return fail(res, 501, 'NotImplemented')
        const body = await bodyOf(req)
        if (req.headers['content-length'] !== undefined && Number(req.headers['content-length']) !== body.length) return fail(res, 400, 'IncompleteBody')
        objects.set(key, body)
        res.writeHead(200, { etag: `"${body.length.toString(16)}"` })
        return res.end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      }
      if (req.method !== 'GET' && !head) return fail(res, 405, 'MethodNotAllowed')
      const data = objects.get(key)
      if (!data) return fail(res, 404, 'NoSuchKey', head)
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''))
      if (range && !head) {
        const start = Number(range[1])
        const end = Math.min(range[2] ? Number(range[2]) : data.length - 1, data.length - 1)
        if (start > end) return fail(res, 416, 'InvalidRange')
        res.writeHead(206, { 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${data.length}`, 'content-type': 'application/octet-stream' })
        return res.end(data.subarray(start, end + 1))
      }
      res.writeHead(200, { 'content-length': data.length, 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' })
      res.end(head ? undefined : data)
    })().catch((err: Error) => {
      if (!res.headersSent) fail(res, 500, 'InternalError')
      else res.destroy(err)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url, bucket, accessKey, secretKey, objects, requests,
    env: () => ({ MEDIA_S3_ENDPOINT: url, MEDIA_S3_BUCKET: bucket, MEDIA_S3_ACCESS_KEY: accessKey, MEDIA_S3_SECRET_KEY: secretKey, MEDIA_S3_REGION: 'us-east-1' }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
