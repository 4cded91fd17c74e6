import { TenantModel } from '@zapdesk/plugin-api'
import type { ScheduleEntry } from './opening-hours.ts'

export class Queue extends TenantModel {
  static tableName = 'queues'
  static jsonAttributes = ['schedules']
  name!: string
  color!: string
  orderQueue!: number | null
  greetingMessage!: string | null
  outOfHoursMessage!: string | null
  integrationId!: number | null
  promptId!: number | null
  schedules!: ScheduleEntry[] | null
}

export class QueueOption extends TenantModel {
  static tableName = 'queueOptions'
  queueId!: number
  parentId!: number | null
  title!: string
  message!: string | null
  option!: number
}

/** user_queues has no id of its own (primary key user_id + queue_id): it is reached with knex, not a model. */
export const USER_QUEUES = 'userQueues'
