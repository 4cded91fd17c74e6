import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Company, CompanyModule, Plan } from './models.ts'
import { errorResponses } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { writeSetting } from './settings.ts'
import { SETTING_SWITCHES, forgetModules, switchedOffFeatures } from './switched-off.ts'

const Label = Type.Object({ pt: Type.String(), en: Type.String(), es: Type.String() })
const ModuleDto = Type.Object({ feature: Type.String(), label: Label, inPlan: Type.Boolean(), enabled: Type.Boolean() })
const FeatureParams = Type.Object({ feature: Type.String({ pattern: '^use[A-Za-z0-9]{1,41}$' }) })

/**
 * Module switches: a company admin turns a plan feature off for the company, or back on while the plan has it.
 * The access hook reads the result on every request; sockets are refreshed through the modules.updated event.
 */
export default async function modulesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const state = async (companyId: number) => {
    const company = await app.bind(Company).query().findById(companyId)
    const plan = company?.planId ? await app.bind(Plan).query().findById(company.planId) : undefined
    const off = new Set(await switchedOffFeatures(app, companyId))
    const inPlan = new Set(plan?.features ?? [])
    // only modules some plugin provides: a switch for a spec module not installed would turn nothing on
    return app.features.installed().map((f) => ({ feature: f.feature, label: f.label, inPlan: inPlan.has(f.feature), enabled: inPlan.has(f.feature) && !off.has(f.feature) }))
  }

  api.get('/modules/catalog', {
    schema: { tags: ['modules'], summary: 'Every feature the installed plugins declare', response: { 200: Type.Array(Type.Object({ feature: Type.String(), label: Label })), ...errorResponses } },
  }, async () => app.features.list())

  api.get('/modules', {
    config: { access: 'admin' },
    schema: { tags: ['modules'], summary: 'The company\'s modules: in the plan, and switched on', response: { 200: Type.Array(ModuleDto), ...errorResponses } },
  }, async (request) => state(request.auth!.companyId))

  api.put('/modules/:feature', {
    config: { access: 'admin', permission: 'modules:manage' },
    schema: { tags: ['modules'], summary: 'Switch a module on or off for the company', params: FeatureParams, body: Type.Object({ enabled: Type.Boolean() }), response: { 200: ModuleDto, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const { feature } = request.params
    if (!app.features.installed().some((f) => f.feature === feature)) throw new AppError('ERR_NO_MODULE_FOUND', 404)
    const current = (await state(companyId)).find((m) => m.feature === feature)!
    if (request.body.enabled && !current.inPlan) throw new AppError('ERR_MODULE_NOT_IN_PLAN', 403)
    const settingKey = SETTING_SWITCHES[feature]
    if (settingKey) {
      await writeSetting(app, companyId, settingKey, String(request.body.enabled))
      app.events.emit('settings.updated', { companyId, key: settingKey, value: String(request.body.enabled) })
    } else {
      const Modules = app.bind(CompanyModule)
      forgetModules(app, companyId)
      try {
        const updated = await Modules.query().forCompany(companyId).patch({ enabled: request.body.enabled }).where({ feature })
        if (updated === 0) await Modules.query().forCompany(companyId).insert({ feature, enabled: request.body.enabled })
      } finally {
        forgetModules(app, companyId)
      }
    }
    app.events.emit('modules.updated', { companyId, feature, enabled: request.body.enabled })
    const out = (await state(companyId)).find((m) => m.feature === feature)!
    app.realtime.publish({ companyId, topic: 'modules', data: { action: 'update', module: out } })
    return out
  })
}
