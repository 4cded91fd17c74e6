import type { FastifyInstance } from 'fastify'
import { Company, Setting, User } from '../accounts/models.ts'
import { usersDto } from '../accounts/serialize.ts'
import { settingVisibleTo } from '../accounts/settings.ts'
import type { AuthContext } from './types.ts'

/** The signed-in user as the web app needs it: company with settings, permissions and usable features. */
export async function currentUserDto(app: FastifyInstance, ctx: AuthContext) {
  const user = await app.bind(User).query().forCompany(ctx.companyId).findById(ctx.userId)
  const company = await app.bind(Company).query().findById(ctx.companyId)
  const settings = await app.bind(Setting).query().forCompany(ctx.companyId).select('key', 'value')
  const [dto] = await usersDto(app, [user!])
  return {
    ...dto,
    company: {
      id: company!.id, name: company!.name, dueDate: company!.dueDate, status: company!.status, planId: company!.planId, timezone: company!.timezone,
      settings: settings.filter((s) => settingVisibleTo(s.key, ctx)).map((s) => ({ key: s.key, value: s.value })),
    },
    permissions: [...ctx.permissions].sort(),
    features: [...ctx.features].sort(),
  }
}
