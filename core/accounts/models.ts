import { Model } from 'objection'
import { BaseModel, TenantModel } from '../db/model.ts'

export interface ScheduleEntry { weekday: string; weekdayEn: string; startTime: string; endTime: string }

export class Plan extends BaseModel {
  static tableName = 'plans'
  static booleanColumns = ['offeredAtSignup']
  static jsonAttributes = ['features']
  name!: string
  users!: number
  connections!: number
  queues!: number
  value!: number
  features!: string[]
  term!: 'MENSAL' | 'ANUAL'
  bankPlanId!: string | null
  offeredAtSignup!: boolean

  $parseDatabaseJson(json: Record<string, unknown>) {
    const out = super.$parseDatabaseJson(json)
    if (out.value !== undefined) out.value = Number(out.value)
    return out
  }
}

export class Company extends BaseModel {
  static tableName = 'companies'
  static booleanColumns = ['status']
  static jsonAttributes = ['schedules']
  name!: string
  email!: string | null
  phone!: string | null
  planId!: number | null
  status!: boolean
  dueDate!: string | null
  trialExpiration!: string | null
  recurrence!: string
  timezone!: string
  schedules!: ScheduleEntry[] | null
  billingName!: string | null
  addressZipCode!: string | null
  addressStreet!: string | null
  addressState!: string | null
  addressCity!: string | null
  addressDistrict!: string | null
  plan?: Plan

  static relationMappings = () => ({
    plan: { relation: Model.BelongsToOneRelation, modelClass: Plan, join: { from: 'companies.planId', to: 'plans.id' } },
  })
}

export class User extends TenantModel {
  static tableName = 'users'
  static booleanColumns = ['super', 'online']
  static dateColumns = ['createdAt', 'updatedAt', 'lastSeenAt']
  name!: string
  email!: string
  passwordHash!: string
  profile!: 'admin' | 'user'
  super!: boolean
  allTicket!: 'enabled' | 'desabled'
  tokenVersion!: number
  online!: boolean
  lastSeenAt!: string | null
  company?: Company

  static relationMappings = () => ({
    company: { relation: Model.BelongsToOneRelation, modelClass: Company, join: { from: 'users.companyId', to: 'companies.id' } },
  })
}

export class Setting extends TenantModel {
  static tableName = 'settings'
  key!: string
  value!: string
}

export class CompanyModule extends TenantModel {
  static tableName = 'companyModules'
  static booleanColumns = ['enabled']
  feature!: string
  enabled!: boolean
}

export class Help extends BaseModel {
  static tableName = 'helps'
  title!: string
  description!: string | null
  video!: string | null
}

export class PasswordReset extends BaseModel {
  static tableName = 'passwordResets'
  static timestamps = false
  static dateColumns = ['expiresAt', 'usedAt', 'createdAt']
  userId!: number
  tokenHash!: string
  expiresAt!: string
  usedAt!: string | null
}
