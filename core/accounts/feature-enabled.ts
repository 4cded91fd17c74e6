import type { FastifyInstance } from 'fastify'

/**
 * Whether a company may use a plan feature now: its plan has it and the company did not switch the module off.
 * Routes and topics are gated by the kernel; work a plugin starts without a request (an inbound step, a job) asks
 * here, so a plan without the feature gets none of it. The same rule as the access hook's (companyStatus.standing).
 */
export async function featureEnabled(app: FastifyInstance, companyId: number, feature: string): Promise<boolean> {
  return (await app.companyStatus.standing(companyId))?.features.has(feature) ?? false
}
