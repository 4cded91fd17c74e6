import { TenantModel } from '@zapdesk/plugin-api'

export class Tag extends TenantModel {
  static tableName = 'tags'
  static booleanColumns = ['kanban']
  name!: string
  color!: string
  kanban!: boolean
  userId!: number | null
}

/** ticket_tags has no id of its own (primary key ticket_id + tag_id): it is reached with knex, not a model. */
export const TICKET_TAGS = 'ticketTags'
