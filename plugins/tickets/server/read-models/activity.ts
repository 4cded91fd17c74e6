import type { FastifyInstance } from 'fastify'
import { inRange, minutesBetween, num, slotOf, type Range } from './sql.ts'

export type { Range } from './sql.ts'

/** How many service cycles, how many have both ends of the timed span, and the minutes those add up to. */
export interface CycleSums { n: number; timed: number; minutes: number }

/** Which moment of a cycle the range applies to, and which span is timed: service (accepted -> finished) or wait (started -> accepted). */
export type CycleMoment = 'startedAt' | 'acceptedAt' | 'finishedAt'
export type CycleSpan = 'service' | 'wait'

const SPANS: Record<CycleSpan, [string, string]> = { service: ['accepted_at', 'finished_at'], wait: ['started_at', 'accepted_at'] }

/*
 * The activity read model reports (the dashboard) are drawn from: every query names the company first and is served
 * by a (company_id, column) index of this plugin's tables (ticket_cycles by start, accept and finish).
 */

/** The company's tickets counted by status (only the statuses asked for). */
export async function countByStatus(app: FastifyInstance, companyId: number, statuses: string[]): Promise<Record<string, number>> {
  const rows = await app.knex('tickets').where('companyId', companyId).whereIn('status', statuses)
    .select('status').count({ n: '*' }).groupBy('status') as Array<{ status: string; n: unknown }>
  return Object.fromEntries(rows.map((r) => [r.status, num(r.n)]))
}

/** Cycles whose `moment` falls in the range, per user (null: cycles nobody took), with the `span` timed when given. */
export async function cyclesByUser(app: FastifyInstance, companyId: number, moment: CycleMoment, span: CycleSpan | null, range: Range): Promise<Map<number | null, CycleSums>> {
  const { knex } = app
  const q = knex('ticketCycles').where('ticketCycles.companyId', companyId).select('ticketCycles.userId', knex.raw('COUNT(*) AS n')).groupBy('ticketCycles.userId')
  if (span) {
    const [from, to] = SPANS[span].map((c) => `ticket_cycles.${c}`)
    const timed = `${from} IS NOT NULL AND ${to} IS NOT NULL`
    q.select(knex.raw(`SUM(CASE WHEN ${timed} THEN 1 ELSE 0 END) AS timed`), knex.raw(`SUM(CASE WHEN ${timed} THEN ${minutesBetween(app.dialect, from, to)} ELSE 0 END) AS minutes`))
  }
  const rows = (await inRange(q, `ticketCycles.${moment}`, range)) as Array<{ userId: number | null; n: unknown; timed?: unknown; minutes?: unknown }>
  return new Map(rows.map((r) => [r.userId ?? null, { n: num(r.n), timed: num(r.timed), minutes: num(r.minutes) }]))
}

/** Each user's average rating (1-3) over the ratings given in the range, unrounded. */
export async function ratingsByUser(app: FastifyInstance, companyId: number, range: Range): Promise<Map<number, number>> {
  const q = app.knex('ticketRatings').where('companyId', companyId).whereNotNull('userId').select('userId').select(app.knex.raw('AVG(rate) AS rating')).groupBy('userId')
  const rows = (await inRange(q, 'ticketRatings.createdAt', range)) as Array<{ userId: number; rating: unknown }>
  return new Map(rows.map((r) => [Number(r.userId), num(r.rating)]))
}

/**
 * Cycles started in the range counted per UTC slot of `slotMs` (slot * slotMs = the slot's start in epoch ms): the
 * caller places slots on its own calendar. Only slots with cycles come back.
 */
export async function cyclesPerSlot(app: FastifyInstance, companyId: number, slotMs: number, range: Range): Promise<Array<{ slot: number; n: number }>> {
  const q = app.knex('ticketCycles').where('companyId', companyId)
    .select(app.knex.raw(`${slotOf(app.dialect, 'ticket_cycles.started_at', slotMs)} AS slot`)).count({ n: '*' }).groupBy('slot')
  const rows = (await inRange(q, 'ticketCycles.startedAt', range)) as Array<{ slot: unknown; n: unknown }>
  return rows.map((r) => ({ slot: num(r.slot), n: num(r.n) }))
}
