import { TenantModel } from '../../../core/plugin-api/index.ts'

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
