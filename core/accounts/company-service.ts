import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Company, User } from './models.ts'
import { SETTINGS } from './settings.ts'
import { AppError } from '../errors/app-error.ts'
import { isUniqueViolation } from '../db/knex.ts'
import type { ScheduleEntry } from './models.ts'

export const DEFAULT_COMPANY_SCHEDULES: ScheduleEntry[] = [
  ['Segunda-feira', 'monday'], ['Terça-feira', 'tuesday'], ['Quarta-feira', 'wednesday'], ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'], ['Sábado', 'saturday'], ['Domingo', 'sunday'],
].map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTime: '', endTime: '' }))

export interface NewCompany {
  name: string; email?: string | null; phone?: string | null; planId: number; status: boolean; dueDate: string | null; trialExpiration?: string | null
  recurrence: string; campaignsEnabled?: boolean; timezone?: string
  billingName?: string | null; addressZipCode?: string | null; addressStreet?: string | null; addressState?: string | null
  addressCity?: string | null; addressDistrict?: string | null
}

const OPTIONAL_FIELDS = ['trialExpiration', 'timezone', 'billingName', 'addressZipCode', 'addressStreet', 'addressState', 'addressCity', 'addressDistrict'] as const

/** Creates a company with its default settings (and optionally its first admin) in one transaction. */
export async function createCompany(app: FastifyInstance, data: NewCompany, admin?: { name: string; email: string; password: string }) {
  const passwordHash = admin ? await app.authService.hashPassword(admin.password) : undefined
  // Which insert failed tells the clash apart (error texts carry the whole SQL, column names included).
  let stage = 'company' as 'company' | 'user'
  try {
    return await app.knex.transaction(async (trx: Knex.Transaction) => {
      const company = await app.bind(Company).query(trx).insert({
        name: data.name.trim(), email: data.email ?? null, phone: data.phone ?? null, planId: data.planId, status: data.status,
        dueDate: data.dueDate, recurrence: data.recurrence, schedules: DEFAULT_COMPANY_SCHEDULES,
        ...Object.fromEntries(OPTIONAL_FIELDS.filter((f) => data[f] !== undefined).map((f) => [f, data[f]])),
      })
      const settings = Object.entries(SETTINGS).map(([key, def]) => ({
        companyId: company.id, key, value: key === 'campaignsEnabled' && data.campaignsEnabled === false ? 'false' : def.default,
        createdAt: new Date(), updatedAt: new Date(),
      }))
      await trx('settings').insert(settings)
      let user: User | undefined
      if (admin) {
        stage = 'user'
        user = await app.bind(User).query(trx).forCompany(company.id).insert({
          name: admin.name, email: admin.email.trim().toLowerCase(), passwordHash, profile: 'admin', super: false,
          allTicket: 'desabled', tokenVersion: 0, online: false,
        })
      }
      return { company, user }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(stage === 'user' ? 'ERR_DUPLICATED_EMAIL' : 'ERR_DUPLICATED_COMPANY', 409)
    throw err
  }
}
