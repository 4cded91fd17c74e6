import type { FastifyInstance } from 'fastify'
import { AuditEntry } from './models.ts'

/**
 * A recorded change of the company carrying the marker (label and changes), for the cross-tenant checks: no route
 * takes an entry's id, so the marker showing in another company's answer is what would give a leak away.
 */
export async function sampleEntry(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  await app.bind(AuditEntry).query().forCompany(companyId).insert({
    userId: 0, userName: `Admin ${marker}`, userSuper: false, ip: '203.0.113.9', method: 'PUT', route: '/api/queue/:id', kind: 'queues', // zapdesk: not a table (a kind of change the log names, not the plugin's table)
    resourceId: '1', label: `Fila ${marker}`, action: 'updated', changes: JSON.stringify({ name: { before: 'Antes', after: `Fila ${marker}` } }),
    createdAt: new Date().toISOString(),
  })
  return {}
}
