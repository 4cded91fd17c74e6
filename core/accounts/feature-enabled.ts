import type { FastifyInstance } from 'fastify'
import { Company, Plan } from './models.ts'
import { switchedOffFeatures } from './switched-off.ts'

/**
 * Whether a company may use a plan feature now: its plan has it and the company did not switch the module off.
 * Routes and topics are gated by the kernel; work a plugin starts without a request (an inbound step, a job) asks
 * here, so a plan without the feature gets none of it.
 */
export async function featureEnabled(app: FastifyInstance, companyId: number, feature: string): Promise<boolean> {
  const company = await app.bind(Company).query().findById(companyId)
  if (!company?.planId) return false
  const plan = await app.bind(Plan).query().findById(company.planId)
  if (!plan?.features?.includes(feature)) return false
  return !(await switchedOffFeatures(app, companyId)).includes(feature)
}
