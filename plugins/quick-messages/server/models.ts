import { TenantModel } from '@zapdesk/plugin-api'

export class QuickMessage extends TenantModel {
  static tableName = 'quickMessages'
  static booleanColumns = ['geral', 'status', 'isMedia']

  userId!: number | null
  shortcode!: string
  message!: string
  geral!: boolean
  status!: boolean
  isMedia!: boolean
  mediaPath!: string | null
  mediaName!: string | null
}
