import { Type, type Static } from '@zapdesk/plugin-api'
import type { Tag } from './models.ts'

export const TagDto = Type.Object({
  id: Type.Integer(), companyId: Type.Integer(), name: Type.String(), color: Type.String(),
  /** 0/1 as the spec's web app reads it. */
  kanban: Type.Integer({ minimum: 0, maximum: 1 }),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  ticketsCount: Type.Integer(),
  createdAt: Type.Union([Type.String(), Type.Null()]), updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type TagAnswer = Static<typeof TagDto>

export const tagDto = (t: Tag, ticketsCount = 0): TagAnswer => ({
  id: t.id, companyId: t.companyId, name: t.name, color: t.color, kanban: t.kanban ? 1 : 0, userId: t.userId ?? null,
  ticketsCount, createdAt: t.createdAt ?? null, updatedAt: t.updatedAt ?? null,
})

/** What a ticket shows of each of its tags. */
export interface TicketTag { id: number; name: string; color: string; kanban: 0 | 1 }
