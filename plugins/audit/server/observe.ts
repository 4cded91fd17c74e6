import type { FastifyInstance, FastifyRequest } from 'fastify'
import { writePlanner, fill, type WritePlan } from './resolve.ts'
import { diff, fromBody, labelOf, type Changes } from './diff.ts'
import { AuditEntry } from './models.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A write under way: what it is, what was sent, and the resource as it was (undefined: no read for it). */
interface Pending {
  plan: WritePlan
  params: Obj
  sent: Obj | null
  before: Obj | null | undefined
  answer?: string
}

/** Answers larger than this are not kept to find a created row's id in (they are lists or files, not a row). */
const MAX_ANSWER = 256 * 1024

/**
 * Watches the API for writes by admins and super users (the issue's scope: agents' daily work is not audited) and
 * appends what they changed. The resource is read through the app's own GET routes with the caller's token, so the
 * log sees exactly what the caller may see (no other plugin's tables, no secret the API never answers); before
 * the handler runs, and again once the answer has gone out. Writing the entry never delays or fails the answer:
 * it runs after the reply, and a failure is logged.
 */
export function observeWrites(app: FastifyInstance): { idle: () => Promise<void> } {
  const planFor = writePlanner(app)
  const pending = new WeakMap<FastifyRequest, Pending>()
  const inflight = new Set<Promise<void>>()

  /** The caller's GET of `url` through the app, as JSON; undefined when it is not a 200 with JSON. */
  async function get(request: FastifyRequest, url: string): Promise<unknown> {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: request.headers.authorization ?? '' } })
    if (res.statusCode !== 200) return undefined
    try {
      return res.json()
    } catch {
      return undefined
    }
  }

  async function read(request: FastifyRequest, url: string | null): Promise<Obj | null> {
    const json = url ? await get(request, url) : undefined
    return isObj(json) ? json : null
  }

  async function readNow(request: FastifyRequest, plan: WritePlan, params: Obj): Promise<Obj | null | undefined> {
    if (plan.list) {
      const list = await get(request, plan.list.url)
      const item = list === undefined ? undefined : plan.list.pick(list, params as Record<string, string>)
      return isObj(item) ? item : null
    }
    return plan.read ? read(request, fill(plan.read, params)) : undefined
  }

  async function record(request: FastifyRequest, p: Pending): Promise<void> {
    const auth = request.auth!
    const { plan } = p
    let answer: Obj | null = null
    try {
      const parsed: unknown = p.answer ? JSON.parse(p.answer) : null
      answer = isObj(parsed) ? parsed : null
    } catch { /* not JSON: nothing to learn from it */ }
    let after: Obj | null = null
    if (plan.action === 'created') {
      const param = plan.readCreated?.match(/:([A-Za-z_]\w*)$/)?.[1]
      after = (param && answer?.id !== undefined ? await read(request, fill(plan.readCreated!, { [param]: answer.id })) : null) ?? answer
    } else if (plan.action === 'updated' && p.before) {
      // The caller's token may have just ended (a changed own password): the answer is the next best read.
      after = (await readNow(request, plan, p.params)) ?? answer
    }
    const secretFields = plan.rule.secretFields?.({ ...p.before, ...after, ...p.params }) ?? []
    let changes: Changes
    if (plan.action === 'deleted') changes = p.before ? diff(p.before, null, null, secretFields) : fromBody(p.sent, 'deleted', secretFields)
    else if (plan.action === 'created' && after) changes = diff(null, after, p.sent, secretFields)
    else if (p.before && after) changes = diff(p.before, after, p.sent, secretFields)
    else changes = fromBody(p.sent, plan.action, secretFields)
    const resourceId = [p.params.id, ...Object.values(p.params), answer?.id, after?.id].find((v) => v !== undefined && v !== null && v !== '')
    await app.bind(AuditEntry).query().forCompany(auth.companyId).insert({
      userId: auth.userId, userName: auth.name.slice(0, 120), userSuper: auth.super, ip: (request.ip || '').slice(0, 64),
      method: request.method, route: request.routeOptions.url!.slice(0, 200), kind: plan.rule.kind,
      resourceId: resourceId === undefined ? null : String(resourceId).slice(0, 64), label: labelOf(after, p.before, p.sent),
      action: plan.action, changes: JSON.stringify(changes), createdAt: new Date().toISOString(),
    })
  }

  async function readBefore(request: FastifyRequest, plan: WritePlan): Promise<void> {
    const params = isObj(request.params) ? { ...request.params } : {}
    const sent = isObj(request.body) ? { ...request.body } : null
    let before: Obj | null | undefined
    try {
      before = await readNow(request, plan, params)
    } catch (err) {
      request.log.warn({ err }, 'audit: the resource could not be read before the change')
      before = null
    }
    pending.set(request, { plan, params, sent, before })
  }

  // The three hooks run on every request of the API, and nearly all are not audited writes: they are callback hooks,
  // which pass such a request on without a promise each.
  app.addHook('preHandler', (request, _reply, done) => {
    const auth = request.auth
    const plan = auth && (auth.super || auth.profile === 'admin') ? planFor(request.method, request.routeOptions.url) : undefined
    if (!plan) return done()
    readBefore(request, plan).then(() => done(), done)
  })

  app.addHook('onSend', (request, _reply, payload, done) => {
    const p = pending.get(request)
    if (p && typeof payload === 'string' && payload.length <= MAX_ANSWER) p.answer = payload
    done(null, payload)
  })

  app.addHook('onResponse', (request, reply, done) => {
    const p = pending.get(request)
    if (p && reply.statusCode >= 200 && reply.statusCode < 300) {
      const job = record(request, p).catch((err) => request.log.error({ err }, 'audit: the change could not be recorded'))
      inflight.add(job)
      void job.finally(() => inflight.delete(job))
    }
    done()
  })

  const idle = async () => {
    while (inflight.size) await Promise.all([...inflight])
  }
  app.addHook('onClose', idle)
  return { idle }
}
