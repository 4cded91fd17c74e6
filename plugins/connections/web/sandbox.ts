/**
 * The sandbox panel's pure parts: what an injected message looks like on the wire (POST /sandbox/:id/messages).
 * Browser-only helpers (reading a file) take the file as an argument, so the module loads in unit tests.
 */
export type SandboxMediaType = 'image' | 'audio' | 'video' | 'document'

export interface InjectDraft {
  from: string
  name: string
  body: string
}

export type InjectErrors = Partial<Record<'from' | 'body' | 'file', string>>

/** The server takes at most 1,500,000 base64 characters: about 1.1 MB of file. */
export const MAX_SANDBOX_FILE_BYTES = 1_100_000

/** The kind of message a file arrives as, from its MIME type (anything unknown is a document). */
export function mediaTypeOf(mime: string): SandboxMediaType {
  const kind = mime.split('/')[0]
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document'
}

export function validateInject(d: InjectDraft, file?: { size: number } | null): InjectErrors {
  const errors: InjectErrors = {}
  const number = d.from.replace(/\D/g, '')
  if (!number) errors.from = 'validation.required'
  else if (number.length < 10 || number.length > 15) errors.from = 'connections:sandbox.numberRule'
  if (!d.body.trim() && !file) errors.body = 'connections:sandbox.bodyOrFile'
  if (file && file.size > MAX_SANDBOX_FILE_BYTES) errors.file = 'connections:sandbox.fileTooBig'
  return errors
}

export interface InjectedMedia {
  mediaBase64: string
  mediaType: SandboxMediaType
  fileName: string
  mimetype?: string
}

/** Base64 of bytes, in chunks: String.fromCharCode(...bytes) overflows the call stack on large files. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export async function mediaOf(file: { name: string; type: string; arrayBuffer: () => Promise<ArrayBuffer> }): Promise<InjectedMedia> {
  const mediaBase64 = toBase64(new Uint8Array(await file.arrayBuffer()))
  return { mediaBase64, mediaType: mediaTypeOf(file.type), fileName: file.name, ...(file.type ? { mimetype: file.type } : {}) }
}

export function injectPayload(d: InjectDraft, media?: InjectedMedia | null) {
  return {
    from: d.from.replace(/\D/g, ''),
    ...(d.name.trim() ? { name: d.name.trim() } : {}),
    ...(d.body.trim() ? { body: d.body } : {}),
    ...(media ?? {}),
  }
}

/** Ack names of the outbox (1 sent, 2 delivered, 3 read, 4 played). */
export const ackKey = (ack: number): string => (ack >= 4 ? 'played' : ack === 3 ? 'read' : ack === 2 ? 'delivered' : ack === 1 ? 'sent' : 'pending')
