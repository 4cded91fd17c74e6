import type { Knex } from 'knex'

/**
 * Service cycles feed the dashboard's times: a cycle starts when a ticket is created or reopened, is accepted when
 * an agent takes it, and finishes when it closes. Call these inside the transaction that changes the ticket.
 */
export async function startCycle(trx: Knex | Knex.Transaction, t: { companyId: number; ticketId: number; whatsappId: number | null; queueId: number | null; userId: number | null; accepted?: boolean }): Promise<void> {
  const now = new Date()
  await trx('ticketCycles').insert({
    companyId: t.companyId, ticketId: t.ticketId, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.userId,
    startedAt: now, acceptedAt: t.accepted ? now : null, finishedAt: null, createdAt: now, updatedAt: now,
  })
}

async function openCycleId(trx: Knex | Knex.Transaction, companyId: number, ticketId: number): Promise<number | undefined> {
  const row = await trx('ticketCycles').where({ companyId, ticketId }).whereNull('finishedAt').orderBy('id', 'desc').first('id')
  return row?.id
}

/** The agent took the ticket (first acceptance of the cycle counts for the waiting time). */
export async function acceptCycle(trx: Knex | Knex.Transaction, companyId: number, ticketId: number, userId: number, queueId: number | null): Promise<void> {
  const id = await openCycleId(trx, companyId, ticketId)
  if (id === undefined) return
  const now = new Date()
  await trx('ticketCycles').where({ id }).whereNull('acceptedAt').update({ acceptedAt: now })
  await trx('ticketCycles').where({ id }).update({ userId, queueId, updatedAt: now })
}

export async function finishCycle(trx: Knex | Knex.Transaction, companyId: number, ticketId: number, userId: number | null): Promise<void> {
  const id = await openCycleId(trx, companyId, ticketId)
  if (id === undefined) return
  const now = new Date()
  await trx('ticketCycles').where({ id }).update({ finishedAt: now, userId, updatedAt: now })
}
