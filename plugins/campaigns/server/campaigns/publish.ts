import type { FastifyInstance } from 'fastify'
import type { CampaignJson, CampaignReportJson } from './serialize.ts'

export type CampaignEvent =
  | { action: 'create' | 'update'; record: CampaignJson }
  | { action: 'delete'; id: number }
  | { action: 'progress'; id: number; status: CampaignJson['status']; pausedReason: string | null; report: CampaignReportJson }

/** The `campaign` topic reaches the company's admins only (the manifest says so). */
export function publishCampaign(app: FastifyInstance, companyId: number, data: CampaignEvent): void {
  app.realtime.publish({ companyId, topic: 'campaign', data })
}
