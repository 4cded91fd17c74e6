import { Type, type TSchema } from '@sinclair/typebox'

/** Shared TypeBox schemas for routes. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
}, { $id: 'ErrorBody' })

/** A numeric id in the path; anything else is a 400, never a database error. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

export const Pagination = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
})

/** The paged list envelope the web app reads: `{ <key>: [...], count, hasMore }`. */
export function pageOf<K extends string, T extends TSchema>(key: K, item: T) {
  return Type.Object({ [key]: Type.Array(item), count: Type.Integer(), hasMore: Type.Boolean() } as Record<K, ReturnType<typeof Type.Array<T>>> & { count: ReturnType<typeof Type.Integer>; hasMore: ReturnType<typeof Type.Boolean> })
}

/** The common error answers, merged into every route's response schema. */
export const errorResponses = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody }
