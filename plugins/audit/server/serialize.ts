import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import { AUDIT_ACTIONS, AUDIT_KINDS } from './kinds.ts'
import type { AuditEntry } from './models.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })

/** The list's and the export's filters. Dates are ISO (a day, or a moment); `to` includes its whole day. */
export const AuditFilters = Type.Object({
  userId: Type.Optional(Id),
  kind: Type.Optional(Type.Union(AUDIT_KINDS.map((k) => Type.Literal(k)))),
  action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a)))),
  from: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  to: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** Super users only: one company's entries. */
  companyId: Type.Optional(Id),
}, { additionalProperties: false })
export type AuditFilterInput = Static<typeof AuditFilters>

export const ListQuery = Type.Composite([AuditFilters, Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
})], { additionalProperties: false })

const Change = Type.Object({ before: Type.Optional(Type.Unknown()), after: Type.Optional(Type.Unknown()) })

export const EntryDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  /** Super users' answers only. */
  companyName: Type.Optional(Type.String()),
  userId: Type.Integer(),
  userName: Type.String(),
  userSuper: Type.Boolean(),
  ip: Type.String(),
  method: Type.String(),
  route: Type.String(),
  kind: Type.String(),
  resourceId: Type.Union([Type.String(), Type.Null()]),
  label: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  changes: Type.Record(Type.String(), Change),
  createdAt: Type.Union([Type.String(), Type.Null()]),
})
export type EntryJson = Static<typeof EntryDto>

export const ActorDto = Type.Object({ userId: Type.Integer(), userName: Type.String() })

export function entryJson(row: AuditEntry, companyName?: string): EntryJson {
  let changes: EntryJson['changes'] = {}
  try {
    changes = JSON.parse(row.changes) as EntryJson['changes']
  } catch { /* written by record.ts as JSON: unreachable unless edited by hand */ }
  return {
    id: Number(row.id), companyId: row.companyId, ...(companyName !== undefined ? { companyName } : {}), userId: row.userId,
    userName: row.userName, userSuper: Boolean(row.userSuper), ip: row.ip, method: row.method, route: row.route, kind: row.kind,
    resourceId: row.resourceId, label: row.label, action: row.action, changes, createdAt: toIso(row.createdAt),
  }
}
