import type { Knex } from 'knex'
import type { Static } from '@zapdesk/plugin-api'
import { inRange, num, slotOf, type Dialect, type Range } from './sql.ts'
import { localParts, offsetAt } from './zone.ts'
import type { TicketsDayAnswer, TicketsUsersAnswer } from './schemas.ts'

const HOUR_MS = 3_600_000
const QUARTER_MS = 900_000

/**
 * Tickets per attendant: service cycles started in the range, by the user they are assigned to (cycles nobody took
 * yet are left out). Most first, then by name.
 */
export async function ticketsPerUser(knex: Knex, companyId: number, range: Range): Promise<Static<typeof TicketsUsersAnswer>> {
  const q = knex('ticketCycles')
    .join('users', function () {
      this.on('users.id', '=', 'ticketCycles.userId').andOn('users.companyId', '=', 'ticketCycles.companyId')
    })
    .where('ticketCycles.companyId', companyId)
    .select('users.id', 'users.name')
    .count({ n: '*' })
    .groupBy('users.id', 'users.name')
  const rows = (await inRange(q, 'ticketCycles.startedAt', range)) as Array<{ id: number; name: string; n: unknown }>
  return {
    data: rows
      .map((r) => ({ userId: r.id, nome: r.name, quantidade: num(r.n) }))
      .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome)),
  }
}

/**
 * Tickets per day (per hour when the range is one day) on the company's clock: service cycles started in the range.
 * The database counts per UTC slot (an hour, or a quarter hour for the zones whose offset is not whole hours) and
 * each slot is then placed on the local calendar here, which stays right across DST changes without per-database
 * timezone tables. Only slots with tickets come back, so the work follows the data, not the range's length.
 */
export async function ticketsPerDay(knex: Knex, dialect: Dialect, companyId: number, range: Range & { from: Date; to: Date; singleDay: boolean }, timezone: string): Promise<Static<typeof TicketsDayAnswer>> {
  const wholeHours = [range.from, range.to].every((d) => offsetAt(d.getTime(), timezone) % HOUR_MS === 0)
  const slotMs = wholeHours ? HOUR_MS : QUARTER_MS
  const q = knex('ticketCycles').where('companyId', companyId)
    .select(knex.raw(`${slotOf(dialect, 'ticket_cycles.started_at', slotMs)} AS slot`))
    .count({ n: '*' })
    .groupBy('slot')
  const rows = (await inRange(q, 'ticketCycles.startedAt', range)) as Array<{ slot: unknown; n: unknown }>
  const totals = new Map<string, number>()
  let count = 0
  for (const r of rows) {
    const local = localParts(num(r.slot) * slotMs, timezone)
    const key = range.singleDay ? local.hour : local.day
    totals.set(key, (totals.get(key) ?? 0) + num(r.n))
    count += num(r.n)
  }
  const keys = [...totals.keys()].sort()
  return {
    data: keys.map((k) => (range.singleDay ? { horario: k, total: totals.get(k)! } : { data: k, total: totals.get(k)! })),
    count,
  }
}
