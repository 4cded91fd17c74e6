import { BaseModel } from '@zapdesk/plugin-api'

/** A platform-wide row (no company): see the migration. */
export class Announcement extends BaseModel {
  static tableName = 'announcements'
  static booleanColumns = ['status']

  title!: string
  text!: string
  priority!: 1 | 2 | 3
  status!: boolean
  mediaPath!: string | null
  mediaName!: string | null
  mediaCompanyId!: number | null
}
