import { Type, toIso } from '@zapdesk/plugin-api'
import type { Announcement } from './models.ts'

/** `type: [T, 'null']` rather than an anyOf union: serialized directly (see the contacts plugin). */
const Nullable = <T extends 'string' | 'integer'>(type: T) => Type.Unsafe<T extends 'string' ? string | null : number | null>({ type: [type, 'null'] })

/** The spec's priorities: 1 high, 2 medium, 3 low (the default). */
export const Priority = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])
export const DEFAULT_PRIORITY = 3

export const AnnouncementDto = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  priority: Type.Integer(),
  status: Type.Boolean(),
  mediaPath: Nullable('string'),
  mediaName: Nullable('string'),
  /** Where the image loads from without a token (the spec's public path of the API host), or null. */
  mediaUrl: Nullable('string'),
  createdAt: Nullable('string'),
  updatedAt: Nullable('string'),
})

/** The spec: title and text required. The bounds are what a row holds. */
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  text: Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S' }),
  priority: Priority,
  status: Type.Boolean(),
}
export const CreateBody = Type.Object({ title: Fields.title, text: Fields.text, priority: Type.Optional(Fields.priority), status: Type.Optional(Fields.status) })
export const UpdateBody = Type.Partial(CreateBody)

export const mediaUrlOf = (a: Pick<Announcement, 'mediaPath' | 'mediaCompanyId'>): string | null =>
  a.mediaPath && a.mediaCompanyId ? `/api/public/${a.mediaCompanyId}/${a.mediaPath}` : null

export const announcementDto = (a: Announcement) => ({
  id: a.id, title: a.title, text: a.text, priority: Number(a.priority), status: Boolean(a.status),
  mediaPath: a.mediaPath ?? null, mediaName: a.mediaName ?? null, mediaUrl: mediaUrlOf(a),
  createdAt: toIso(a.createdAt), updatedAt: toIso(a.updatedAt),
})
export type AnnouncementJson = ReturnType<typeof announcementDto>
