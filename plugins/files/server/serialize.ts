import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import type { FileList, FileOption } from './models.ts'

const Nullable = <T extends 'string' | 'integer'>(type: T) => Type.Unsafe<T extends 'string' ? string | null : number | null>({ type: [type, 'null'] })

export const FileOptionDto = Type.Object({
  id: Type.Integer(),
  fileListId: Type.Integer(),
  name: Type.String(),
  /** The stored file (GET /api/media/:path); null until a file is uploaded for this option. */
  path: Nullable('string'),
  /** The file's name as it was uploaded. */
  fileName: Nullable('string'),
  /** Its mimetype. */
  mediaType: Nullable('string'),
})

export const FileListDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  options: Type.Array(FileOptionDto),
  createdAt: Nullable('string'),
  updatedAt: Nullable('string'),
})
export type FileListJson = Static<typeof FileListDto>
export type FileOptionJson = Static<typeof FileOptionDto>

/** The spec: name required, at least 3 characters ('nome muito curto'); message required. */
const Name = Type.String({ minLength: 3, maxLength: 100, pattern: '\\S' })
const Message = Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S' })
/** An option of the list: a new one has no id; its file comes with POST /files/uploadList/:id. */
const OptionInput = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  // Sent back by the web app as it got them; the server keeps its own (only an upload changes them).
  path: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  mediaType: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
})
export const MAX_OPTIONS = 20
export const CreateBody = Type.Object({ name: Name, message: Message, options: Type.Optional(Type.Array(OptionInput, { maxItems: MAX_OPTIONS })) })
export const UpdateBody = Type.Partial(CreateBody)
export type OptionInputJson = Static<typeof OptionInput>

export const optionDto = (o: FileOption): FileOptionJson => ({
  id: o.id, fileListId: o.fileListId, name: o.name, path: o.path ?? null, fileName: o.originalName ?? null, mediaType: o.mediaType ?? null,
})

export const fileListDto = (f: FileList, options: FileOption[]): FileListJson => ({
  id: f.id, companyId: f.companyId, name: f.name, message: f.message ?? '',
  options: options.filter((o) => o.fileListId === f.id).sort((a, b) => a.id - b.id).map(optionDto),
  createdAt: toIso(f.createdAt), updatedAt: toIso(f.updatedAt),
})
