import type { Knex } from 'knex'
import type { Static } from '@zapdesk/plugin-api'
import { inRange, minutesBetween, num, type Dialect, type Range } from './sql.ts'
import type { DashboardAnswer } from './schemas.ts'

/** Per-user sums of one aggregate; the row with user null holds the cycles nobody took. */
interface UserSums { n: number; timed: number; minutes: number }
type ByUser = Map<number | null, UserSums>

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
const average = (minutes: number, timed: number) => (timed ? round(minutes / timed, 1) : null)

/**
 * Cycles whose `column` falls in the range, per user: how many, how many have both ends of the timed span, and the
 * minutes they add up to. Served by the (company_id, column) index; the totals are sums of these rows.
 */
async function cyclesByUser(knex: Knex, dialect: Dialect, companyId: number, column: 'finishedAt' | 'acceptedAt' | 'startedAt', span: [string, string] | null, range: Range): Promise<ByUser> {
  const q = knex('ticketCycles').where('ticketCycles.companyId', companyId)
    .select('ticketCycles.userId', knex.raw('COUNT(*) AS n'))
    .groupBy('ticketCycles.userId')
  if (span) {
    const [from, to] = span.map((c) => `ticket_cycles.${c}`)
    const timed = `${from} IS NOT NULL AND ${to} IS NOT NULL`
    q.select(knex.raw(`SUM(CASE WHEN ${timed} THEN 1 ELSE 0 END) AS timed`), knex.raw(`SUM(CASE WHEN ${timed} THEN ${minutesBetween(dialect, from, to)} ELSE 0 END) AS minutes`))
  }
  const rows = (await inRange(q, `ticketCycles.${column}`, range)) as Array<{ userId: number | null; n: unknown; timed?: unknown; minutes?: unknown }>
  return new Map(rows.map((r) => [r.userId ?? null, { n: num(r.n), timed: num(r.timed), minutes: num(r.minutes) }]))
}

function total(map: ByUser): UserSums {
  const out = { n: 0, timed: 0, minutes: 0 }
  for (const s of map.values()) {
    out.n += s.n
    out.timed += s.timed
    out.minutes += s.minutes
  }
  return out
}

async function ticketsByStatus(knex: Knex, companyId: number): Promise<Record<string, number>> {
  const rows = await knex('tickets').where('companyId', companyId).whereIn('status', ['open', 'pending'])
    .select('status').count({ n: '*' }).groupBy('status') as Array<{ status: string; n: unknown }>
  return Object.fromEntries(rows.map((r) => [r.status, num(r.n)]))
}

async function newContacts(knex: Knex, companyId: number, range: Range): Promise<number> {
  const q = knex('contacts').where('companyId', companyId).where('isGroup', false).count({ n: '*' })
  const [row] = (await inRange(q, 'contacts.createdAt', range)) as Array<{ n: unknown }>
  return num(row?.n)
}

async function ratingsByUser(knex: Knex, companyId: number, range: Range): Promise<Map<number, number>> {
  const q = knex('ticketRatings').where('companyId', companyId).whereNotNull('userId')
    .select('userId').select(knex.raw('AVG(rate) AS rating')).groupBy('userId')
  const rows = (await inRange(q, 'ticketRatings.createdAt', range)) as Array<{ userId: number; rating: unknown }>
  return new Map(rows.map((r) => [r.userId, round(num(r.rating), 2)]))
}

/**
 * The dashboard: counters of the company now and in the range, and each of its users' figures. Every query names
 * the caller's company first, so another company's rows are never read, let alone counted.
 */
export async function dashboardStats(knex: Knex, dialect: Dialect, companyId: number, range: Range): Promise<Static<typeof DashboardAnswer>> {
  const [statuses, leads, finished, accepted, started, ratings, users] = await Promise.all([
    ticketsByStatus(knex, companyId),
    newContacts(knex, companyId, range),
    cyclesByUser(knex, dialect, companyId, 'finishedAt', ['accepted_at', 'finished_at'], range),
    cyclesByUser(knex, dialect, companyId, 'acceptedAt', ['started_at', 'accepted_at'], range),
    cyclesByUser(knex, dialect, companyId, 'startedAt', null, range),
    ratingsByUser(knex, companyId, range),
    knex('users').where('companyId', companyId).select('id', 'name', 'online').orderBy('name').orderBy('id') as Promise<Array<{ id: number; name: string; online: unknown }>>,
  ])
  const support = total(finished)
  const wait = total(accepted)
  return {
    counters: {
      supportHappening: statuses.open ?? 0,
      supportPending: statuses.pending ?? 0,
      supportFinished: support.n,
      leads,
      avgSupportTime: average(support.minutes, support.timed) ?? 0,
      avgWaitTime: average(wait.minutes, wait.timed) ?? 0,
    },
    attendants: users.map((u) => {
      const s = finished.get(u.id)
      const w = accepted.get(u.id)
      return {
        id: u.id,
        name: u.name,
        rating: ratings.get(u.id) ?? null,
        avgSupportTime: s ? average(s.minutes, s.timed) : null,
        avgWaitTime: w ? average(w.minutes, w.timed) : null,
        tickets: started.get(u.id)?.n ?? 0,
        online: Boolean(num(u.online)),
      }
    }),
  }
}
