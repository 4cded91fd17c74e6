import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import { RealtimeHub } from './hub.ts'

/**
 * The realtime hub, the core topics and rooms, and keeping each socket's view of its user current when plans,
 * module switches or the user change.
 */
export default fp(async (app) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  const hub = new RealtimeHub(app.log, app.config.redisPrefix, app.redis)
  app.decorate('realtime', hub)
  // The event bus and the hub subscribed above; an app that answers must already hear the other instances.
  await app.redis?.ready()
  for (const topic of ['auth', 'user', 'settings', 'company', 'modules']) hub.registerTopic(topic, {})
  hub.registerRoom('notification', () => true, undefined, { join: 'joinNotification', leave: 'leaveNotification' })

  const refresh = async (match: (s: { auth: { companyId: number; userId: number } }) => boolean, companyId?: number) => {
    const companies = companyId === undefined ? hub.companyIds() : [companyId]
    for (const cid of companies) {
      for (const s of [...hub.socketsOf(cid)]) {
        if (!match(s)) continue
        const ctx = await app.authService.loadContext(s.auth.userId, s.auth.tokenVersion)
        if (ctx) s.auth = ctx
        else s.ws.close(4401, 'ERR_SESSION_EXPIRED')
      }
    }
  }
  app.events.on('modules.updated', ({ companyId }) => refresh(() => true, companyId), { scope: 'cluster' })
  app.events.on('company.updated', ({ companyId }) => refresh(() => true, companyId), { scope: 'cluster' })
  app.events.on('user.updated', ({ companyId, userId }) => refresh((s) => s.auth.userId === userId, companyId), { scope: 'cluster' })
  app.events.on('user.deleted', ({ companyId, userId }) => refresh((s) => s.auth.userId === userId, companyId), { scope: 'cluster' })
  app.events.on('plan.updated', () => refresh(() => true), { scope: 'cluster' })
  app.addHook('preClose', async () => hub.closeAll())
}, { name: 'zapdesk-realtime', dependencies: ['zapdesk-auth'] })
