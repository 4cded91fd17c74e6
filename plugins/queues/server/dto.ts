import { Type, type Static, type TSchema } from '@zapdesk/plugin-api'
import type { Queue, QueueOption } from './models.ts'
import { SchedulesSchema } from './schedules.ts'

/**
 * A body field that may be null, as one JSON type list rather than a union: with type coercion on, ajv would turn a
 * null into 0 or '' for the first branch of a union (and 0 or '' into null if null came first).
 */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [(schema as unknown as { type: string }).type, 'null'] })

const NullableInt = Type.Union([Type.Integer(), Type.Null()])
const NullableText = Type.Union([Type.String(), Type.Null()])

export const QueueDto = Type.Object({
  id: Type.Integer(), companyId: Type.Integer(), name: Type.String(), color: Type.String(), orderQueue: NullableInt,
  greetingMessage: NullableText, outOfHoursMessage: NullableText, integrationId: NullableInt, promptId: NullableInt,
  schedules: SchedulesSchema, createdAt: NullableText, updatedAt: NullableText,
  /** In the list: the queue's own hours now, in the company's timezone ('none': no hours saved, always open). */
  hours: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('open'), Type.Literal('closed')])),
})
export type QueueAnswer = Static<typeof QueueDto>

export function queueDto(q: Queue): QueueAnswer {
  return {
    id: q.id, companyId: q.companyId, name: q.name, color: q.color, orderQueue: q.orderQueue ?? null,
    greetingMessage: q.greetingMessage ?? null, outOfHoursMessage: q.outOfHoursMessage ?? null,
    integrationId: q.integrationId ?? null, promptId: q.promptId ?? null, schedules: (q.schedules ?? []) as QueueAnswer['schedules'],
    createdAt: q.createdAt ?? null, updatedAt: q.updatedAt ?? null,
  }
}

export interface OptionNode {
  id: number
  companyId: number
  queueId: number
  parentId: number | null
  title: string
  message: string | null
  option: number
  children: OptionNode[]
}

/**
 * Each option carries its whole subtree, so the editor draws a queue's tree from one call. The children are typed
 * loosely here: a recursive $id schema would be registered once per route and clash between routes.
 */
export const OptionDto = Type.Object({
  id: Type.Integer(), companyId: Type.Integer(), queueId: Type.Integer(), parentId: NullableInt, title: Type.String(),
  message: NullableText, option: Type.Integer(), children: Type.Array(Type.Unknown()),
})

export const optionNode = (o: QueueOption): OptionNode => ({
  id: o.id, companyId: o.companyId, queueId: o.queueId, parentId: o.parentId ?? null, title: o.title,
  message: o.message ?? null, option: o.option, children: [],
})
