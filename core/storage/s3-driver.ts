import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { ByteRange, MediaDriver } from './types.ts'

export interface S3Options {
  endpoint: string
  bucket: string
  accessKey: string
  secretKey: string
  region: string
}

const absent = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2...), under the same keys as the disk layout, so a disk
 * install moves by copying its data dir's media/ and public/ folders into the bucket. Path-style addressing, since
 * self-hosted servers rarely have a DNS name per bucket.
 */
export class S3Driver implements MediaDriver {
  readonly kind = 's3' as const
  private readonly client: S3Client

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint, region: options.region, forcePathStyle: true,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
      // Checksums only where the API demands them: not every S3-compatible server knows the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  pathOf(): null {
    return null
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: data, ContentLength: data.length }))
      return
    }
    // A PUT needs its length up front: a stream (an upload) is spooled to a temp file first, which also means a
    // stream cut short (over the size limit) fails here and never becomes an object.
    const spool = path.join(os.tmpdir(), `zapdesk-s3-${randomUUID()}`)
    try {
      await pipeline(data, fs.createWriteStream(spool))
      const { size } = await fs.promises.stat(spool)
      await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: fs.createReadStream(spool), ContentLength: size }))
    } finally {
      await fs.promises.rm(spool, { force: true })
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({
        Bucket: this.options.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }))
      return out.Body as Readable
    } catch (err) {
      if (absent(err)) return null
      throw err
    }
  }

  async head(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }))
      return out.ContentLength ?? 0
    } catch (err) {
      if (absent(err)) return null
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }))
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = []
    let token: string | undefined
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }))
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key)
      token = out.IsTruncated ? out.NextContinuationToken : undefined
    } while (token)
    return keys
  }

  destroy(): void {
    this.client.destroy()
  }
}
