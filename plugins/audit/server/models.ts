import { TenantModel } from '@zapdesk/plugin-api'

/** One recorded change (see the migration). Written once by record.ts, never updated. */
export class AuditEntry extends TenantModel {
  static tableName = 'auditEntries'
  static timestamps = false
  static dateColumns = ['createdAt']
  static booleanColumns = ['userSuper']

  userId!: number
  userName!: string
  userSuper!: boolean
  ip!: string
  method!: string
  route!: string
  kind!: string
  resourceId!: string | null
  label!: string | null
  action!: string
  /** JSON of Changes (diff.ts). */
  changes!: string
}
