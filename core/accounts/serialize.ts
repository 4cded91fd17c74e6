import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { Company, Plan, User } from './models.ts'

/** A name that still has at least 2 characters once trimmed (so '  ' or 'A ' are refused). */
export const NON_BLANK_2 = '^\\s*\\S[\\s\\S]*\\S\\s*$'

/** Response schemas and the functions that shape rows into them. */
export const SettingDto = Type.Object({ key: Type.String(), value: Type.String() })

export const PlanDto = Type.Object({
  id: Type.Integer(), name: Type.String(), users: Type.Integer(), connections: Type.Integer(), queues: Type.Integer(),
  value: Type.Number(), term: Type.String(), bankPlanID: Type.Union([Type.String(), Type.Null()]),
  offeredAtSignup: Type.Boolean(), features: Type.Array(Type.String()),
}, { additionalProperties: Type.Boolean() })

export const CompanyDto = Type.Object({
  id: Type.Integer(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]), planId: Type.Union([Type.Integer(), Type.Null()]),
  plan: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  status: Type.Boolean(), dueDate: Type.Union([Type.String(), Type.Null()]), trialExpiration: Type.Union([Type.String(), Type.Null()]),
  recurrence: Type.String(),
  timezone: Type.String(), campaignsEnabled: Type.Boolean(),
  schedules: Type.Array(Type.Object({ weekday: Type.String(), weekdayEn: Type.String(), startTime: Type.String(), endTime: Type.String() })),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  billingName: Type.Union([Type.String(), Type.Null()]), addressZipCode: Type.Union([Type.String(), Type.Null()]),
  addressStreet: Type.Union([Type.String(), Type.Null()]), addressState: Type.Union([Type.String(), Type.Null()]),
  addressCity: Type.Union([Type.String(), Type.Null()]), addressDistrict: Type.Union([Type.String(), Type.Null()]),
})

export const UserDto = Type.Object({
  id: Type.Integer(), name: Type.String(), email: Type.String(), profile: Type.String(), super: Type.Boolean(),
  allTicket: Type.String(), companyId: Type.Integer(), online: Type.Boolean(),
  whatsappId: Type.Union([Type.Integer(), Type.Null()]),
  queues: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  company: Type.Optional(Type.Object({
    id: Type.Integer(), name: Type.String(), dueDate: Type.Union([Type.String(), Type.Null()]), status: Type.Boolean(),
    planId: Type.Union([Type.Integer(), Type.Null()]), timezone: Type.Optional(Type.String()), settings: Type.Array(SettingDto),
  })),
  permissions: Type.Optional(Type.Array(Type.String())),
  features: Type.Optional(Type.Array(Type.String())),
})

export function planDto(app: FastifyInstance, p: Plan) {
  return {
    id: p.id, name: p.name, users: p.users, connections: p.connections, queues: p.queues, value: Number(p.value),
    term: p.term, bankPlanID: p.bankPlanId ?? null, offeredAtSignup: p.offeredAtSignup, features: p.features,
    ...app.features.flags(p.features),
  }
}

export function companyDto(c: Company, campaignsEnabled = true) {
  return {
    id: c.id, name: c.name, email: c.email, phone: c.phone, planId: c.planId,
    plan: c.plan ? { id: c.plan.id, name: c.plan.name } : null, status: c.status, dueDate: c.dueDate, trialExpiration: c.trialExpiration ?? null,
    recurrence: c.recurrence, timezone: c.timezone, campaignsEnabled, schedules: c.schedules ?? [], createdAt: c.createdAt ?? null,
    billingName: c.billingName, addressZipCode: c.addressZipCode, addressStreet: c.addressStreet,
    addressState: c.addressState, addressCity: c.addressCity, addressDistrict: c.addressDistrict,
  }
}

/** Adds the parts of a user that plugins own (queues, connection) to many users at once. */
export type UserDecorator = (users: Array<ReturnType<typeof userDto>>) => Promise<void>

export function userDto(u: User) {
  return {
    id: u.id, name: u.name, email: u.email, profile: u.profile, super: u.super, allTicket: u.allTicket,
    companyId: u.companyId, online: u.online, whatsappId: null as number | null,
    queues: [] as Array<{ id: number; name: string; color: string }>, createdAt: u.createdAt ?? null,
  }
}

export async function usersDto(app: FastifyInstance, users: User[]) {
  const out = users.map(userDto)
  for (const decorate of app.authService.userDecorators) await decorate(out)
  return out
}
