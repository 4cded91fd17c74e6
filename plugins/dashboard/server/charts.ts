import type { FastifyInstance } from 'fastify'
import { localParts, offsetAt, type Static } from '@zapdesk/plugin-api'
import type { ActivityRange as Range } from '@zapdesk/tickets/public'
import type { TicketsDayAnswer, TicketsUsersAnswer } from './schemas.ts'

const HOUR_MS = 3_600_000
const QUARTER_MS = 900_000

/**
 * Tickets per attendant: service cycles started in the range, by the company user they are assigned to (cycles
 * nobody took yet are left out). Most first, then by name.
 */
export async function ticketsPerUser(app: FastifyInstance, companyId: number, range: Range): Promise<Static<typeof TicketsUsersAnswer>> {
  const started = await app.tickets.activity.cyclesByUser(companyId, 'startedAt', null, range)
  const ids = [...started.keys()].filter((id): id is number => id !== null)
  const users = ids.length ? (await app.knex('users').where({ companyId }).whereIn('id', ids).select('id', 'name')) as Array<{ id: number; name: string }> : []
  return {
    data: users
      .map((u) => ({ userId: Number(u.id), nome: u.name, quantidade: started.get(Number(u.id))!.n }))
      .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome)),
  }
}

/**
 * Tickets per day (per hour when the range is one day) on the company's clock: service cycles started in the range.
 * The database counts per UTC slot (an hour, or a quarter hour for the zones whose offset is not whole hours) and
 * each slot is then placed on the local calendar here, which stays right across DST changes without per-database
 * timezone tables. Only slots with tickets come back, so the work follows the data, not the range's length.
 */
export async function ticketsPerDay(app: FastifyInstance, companyId: number, range: Range & { from: Date; to: Date; singleDay: boolean }, timezone: string): Promise<Static<typeof TicketsDayAnswer>> {
  const wholeHours = [range.from, range.to].every((d) => offsetAt(d.getTime(), timezone) % HOUR_MS === 0)
  const slotMs = wholeHours ? HOUR_MS : QUARTER_MS
  const rows = await app.tickets.activity.cyclesPerSlot(companyId, slotMs, range)
  const totals = new Map<string, number>()
  let count = 0
  for (const r of rows) {
    const local = localParts(r.slot * slotMs, timezone)
    const key = range.singleDay ? local.hour : local.day
    totals.set(key, (totals.get(key) ?? 0) + r.n)
    count += r.n
  }
  const keys = [...totals.keys()].sort()
  return {
    data: keys.map((k) => (range.singleDay ? { horario: k, total: totals.get(k)! } : { data: k, total: totals.get(k)! })),
    count,
  }
}
