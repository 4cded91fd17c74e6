import type { FastifyInstance } from 'fastify'
import type { Static } from '@zapdesk/plugin-api'
import type { ActivityRange as Range, CycleSums } from '@zapdesk/tickets/public'
import type { DashboardAnswer } from './schemas.ts'

type ByUser = Map<number | null, CycleSums>

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
const average = (minutes: number, timed: number) => (timed ? round(minutes / timed, 1) : null)
/** Aggregates come back as numbers, numeric strings or null. */
const num = (value: unknown) => (Number.isFinite(Number(value ?? 0)) ? Number(value ?? 0) : 0)

function total(map: ByUser): CycleSums {
  const out = { n: 0, timed: 0, minutes: 0 }
  for (const s of map.values()) {
    out.n += s.n
    out.timed += s.timed
    out.minutes += s.minutes
  }
  return out
}

/**
 * The dashboard: counters of the company now and in the range, and each of its users' figures. Every query names
 * the caller's company first (the tickets and contacts plugins' read models do too), so another company's rows are never
 * read, let alone counted.
 */
export async function dashboardStats(app: FastifyInstance, companyId: number, range: Range): Promise<Static<typeof DashboardAnswer>> {
  const { activity } = app.tickets
  const [statuses, leads, finished, accepted, started, ratings, users] = await Promise.all([
    activity.countByStatus(companyId, ['open', 'pending']),
    app.contacts.countCreated(companyId, range),
    activity.cyclesByUser(companyId, 'finishedAt', 'service', range),
    activity.cyclesByUser(companyId, 'acceptedAt', 'wait', range),
    activity.cyclesByUser(companyId, 'startedAt', null, range),
    activity.ratingsByUser(companyId, range),
    app.knex('users').where('companyId', companyId).select('id', 'name', 'online').orderBy('name').orderBy('id') as Promise<Array<{ id: number; name: string; online: unknown }>>,
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
        rating: ratings.has(u.id) ? round(ratings.get(u.id)!, 2) : null,
        avgSupportTime: s ? average(s.minutes, s.timed) : null,
        avgWaitTime: w ? average(w.minutes, w.timed) : null,
        tickets: started.get(u.id)?.n ?? 0,
        online: Boolean(num(u.online)),
      }
    }),
  }
}
