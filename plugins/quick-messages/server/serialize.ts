import { Type, toIso } from '@zapdesk/plugin-api'
import type { QuickMessage } from './models.ts'

/** `type: [T, 'null']` rather than an anyOf union: serialized directly (see the contacts plugin). */
const Nullable = <T extends 'string' | 'integer'>(type: T) => Type.Unsafe<T extends 'string' ? string | null : number | null>({ type: [type, 'null'] })

export const QuickMessageDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  userId: Nullable('integer'),
  shortcode: Type.String(),
  message: Type.String(),
  geral: Type.Boolean(),
  status: Type.Boolean(),
  isMedia: Type.Boolean(),
  mediaPath: Nullable('string'),
  mediaName: Nullable('string'),
  createdAt: Nullable('string'),
  updatedAt: Nullable('string'),
})

/** The spec's only rule is a required shortcode ('Obrigatório'); the rest bounds what a row can hold. */
const Fields = {
  shortcode: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  message: Type.String({ maxLength: 10_000 }),
  geral: Type.Boolean(),
  status: Type.Boolean(),
  // Sent by the web app with the form; media is only ever set by the upload route, so these are ignored.
  isMedia: Type.Boolean(),
  mediaPath: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
}
export const CreateBody = Type.Object({
  shortcode: Fields.shortcode, message: Type.Optional(Fields.message), geral: Type.Optional(Fields.geral), status: Type.Optional(Fields.status),
  isMedia: Type.Optional(Fields.isMedia), mediaPath: Type.Optional(Fields.mediaPath),
})
export const UpdateBody = Type.Partial(CreateBody)

export const quickMessageDto = (q: QuickMessage) => ({
  id: q.id, companyId: q.companyId, userId: q.userId ?? null, shortcode: q.shortcode, message: q.message ?? '', geral: Boolean(q.geral),
  status: Boolean(q.status), isMedia: Boolean(q.isMedia), mediaPath: q.mediaPath ?? null, mediaName: q.mediaName ?? null,
  createdAt: toIso(q.createdAt), updatedAt: toIso(q.updatedAt),
})
export type QuickMessageJson = ReturnType<typeof quickMessageDto>
