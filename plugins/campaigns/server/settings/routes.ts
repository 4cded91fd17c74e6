import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses } from '@zapdesk/plugin-api'
import { CampaignSettingsBody, campaignSettingsOf, saveCampaignSettings, type CampaignSettings } from './settings.ts'

/** The spec's own variables, filled from each recipient. */
export const RESERVED = ['nome', 'numero', 'email']
const Entry = Type.Object({ key: Type.String(), value: Type.String() })
/** The spec's entries: one per key, the value as JSON text (variables: a list of { key, value }). */
const entries = (s: CampaignSettings) => Object.entries(s).map(([key, value]) => ({ key, value: JSON.stringify(value) }))

export default async function campaignSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/campaign-settings', {
    schema: { summary: 'The company\'s campaign settings: intervals (seconds) and custom variables, as key and JSON value', response: { 200: Type.Array(Entry), ...errorResponses } },
  }, async (request) => entries(await campaignSettingsOf(app, request.auth!.companyId)))

  api.post('/campaign-settings', {
    schema: {
      summary: 'Save campaign settings: { settings: { messageInterval, longerIntervalAfter, greaterInterval, variables } }',
      body: Type.Object({ settings: CampaignSettingsBody }),
      response: { 200: Type.Array(Entry), ...errorResponses },
    },
  }, async (request) => {
    const vars = request.body.settings.variables ?? []
    const keys = vars.map((v) => v.key.toLowerCase())
    if (new Set(keys).size !== keys.length) throw new AppError('ERR_VALIDATION', 400, [{ field: 'settings/variables', message: 'each variable key once' }])
    if (keys.some((k) => RESERVED.includes(k))) throw new AppError('ERR_VALIDATION', 400, [{ field: 'settings/variables', message: `${RESERVED.join(', ')} are built in` }])
    return entries(await saveCampaignSettings(app, request.auth!.companyId, request.body.settings))
  })
}
