import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import { RealtimeHub, type HubSocket } from './hub.ts'

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
  for (const topic of ['user', 'settings', 'company', 'modules']) hub.registerTopic(topic, {})
  hub.registerRoom('notification', () => true, undefined, { join: 'joinNotification', leave: 'leaveNotification' })

  // A session ended for a reason (an admin, a password change): the error frame tells the page why, and it signs out
  // saying so. A plain end (sign-out, expiry) just closes: the tab signing out is already leaving, and any other tab
  // of that session finds out on its next call or reconnect.
  const close = (s: HubSocket, code: string) => {
    if (code !== 'ERR_SESSION_EXPIRED' && s.ws.readyState === 1) s.ws.send(JSON.stringify({ type: 'error', error: code }))
    s.ws.close(4401, code)
  }
  const refresh = async (match: (s: { auth: { companyId: number; userId: number } }) => boolean, companyId?: number) => {
    const companies = companyId === undefined ? hub.companyIds() : [companyId]
    for (const cid of companies) {
      for (const s of [...hub.socketsOf(cid)]) {
        if (!match(s)) continue
        const ctx = await app.authService.loadContext(s.auth.userId, s.auth.tokenVersion, s.auth.sessionId)
        if (ctx) hub.setAuth(s, ctx)
        else close(s, await app.authService.sessions.endCode(s.auth.sessionId))
      }
    }
  }
  app.events.on('modules.updated', ({ companyId }) => refresh(() => true, companyId), { scope: 'cluster' })
  app.events.on('company.updated', ({ companyId }) => refresh(() => true, companyId), { scope: 'cluster' })
  app.events.on('user.updated', ({ companyId, userId }) => refresh((s) => s.auth.userId === userId, companyId), { scope: 'cluster' })
  app.events.on('user.deleted', ({ companyId, userId }) => refresh((s) => s.auth.userId === userId, companyId), { scope: 'cluster' })
  app.events.on('user.sessionsEnded', ({ companyId, userId, sessionIds, code }) => {
    for (const s of [...hub.socketsOf(companyId)]) {
      if (s.auth.userId === userId && s.auth.sessionId !== undefined && sessionIds.includes(s.auth.sessionId)) close(s, code)
    }
  }, { scope: 'cluster' })
  app.events.on('plan.updated', () => refresh(() => true), { scope: 'cluster' })
  app.addHook('preClose', async () => hub.closeAll())
}, { name: 'zapdesk-realtime', dependencies: ['zapdesk-auth'] })
