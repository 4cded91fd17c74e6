import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { Channels, type ChannelOptions } from './server/channels.ts'
import { baileysDriver } from './server/baileys/driver.ts'
import { sandboxDriver } from './server/sandbox/driver.ts'
import { createWhatsapp } from './server/whatsapp-service.ts'
import { ConnectionDirectory } from './server/directory.ts'
import { linkUsersToConnections } from './server/user-link.ts'
import './server/types.ts'

/** ZAPDESK_SESSIONS_AUTOSTART=false keeps sessions from starting at boot (they still start when asked). */
function envOptions(env: NodeJS.ProcessEnv): Partial<ChannelOptions> {
  const raw = env.ZAPDESK_SESSIONS_AUTOSTART
  if (raw === 'true' || raw === '1') return { autoStart: true }
  if (raw === 'false' || raw === '0') return { autoStart: false }
  return {}
}

/**
 * Connections: a company's WhatsApp numbers (Baileys) and sandboxes, their sessions, and the channel-driver
 * contract the tickets plugin builds on (`app.channels`, events `message.inbound`, `message.ack`,
 * `whatsapp.statusChanged`, `whatsapp.deleted`).
 */
export default definePlugin({
  name: 'connections',
  version: '1.0.0',
  tables: ['whatsapps', 'whatsapp_queues', 'whatsapp_auth_keys', 'sandbox_outbox', 'user_whatsapps'],
  provides: ['channels', 'connections'],
  events: ['whatsapp.statusChanged', 'whatsapp.deleted', 'message.inbound', 'message.ack'],
  errorCodes: ['ERR_NO_OTHER_WHATSAPP', 'ERR_NO_DEF_WAPP_FOUND', 'ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_CHECK_CONTACT', 'ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_DOWNLOAD_MEDIA', 'ERR_SENDING_WAPP_MSG', 'ERR_DELETE_WAPP_MSG', 'ERR_NO_WAPP_FOUND', 'ERR_FETCH_WAPP_MSG', 'ERR_WAPP_GREETING_REQUIRED'],
  description: 'WhatsApp connections over Baileys, a sandbox driver, QR pairing and the channel-driver contract',
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { whatsapp: {}, whatsappSession: {} },
  permissions: {
    'connections-page:addConnection': ['admin'],
    'connections-page:actionButtons': ['admin'],
    'connections-page:editOrDeleteConnection': ['admin'],
  },
  async setup(app) {
    const channels = new Channels(app, envOptions(process.env))
    channels.register(baileysDriver())
    channels.register(sandboxDriver({ ackDelayMs: () => channels.options.sandboxAckDelayMs }))
    app.decorate('channels', channels)
    app.decorate('connections', new ConnectionDirectory(app))
    linkUsersToConnections(app)
    // A deleted company's connections are gone with it (cascade): their sockets must close on every instance.
    app.events.on('company.deleted', ({ companyId }) => channels.stopCompany(companyId), { scope: 'cluster' })
    // A deactivated company's sessions stop (their pairing kept); active again, they start where they were.
    app.events.on('company.statusChanged', ({ companyId, active }) => (active ? channels.startCompany(companyId) : channels.stopCompany(companyId)), { scope: 'cluster' })
    app.events.on('whatsapp.deleted', ({ whatsappId }) => channels.stopDeleted(whatsappId), { scope: 'cluster' })
    app.addHook('onReady', async () => channels.ready())
    app.background.add('connections: sessions', () => channels.beginSessions())
    app.addHook('onClose', async () => channels.close())
  },
  async tenantFixtures(app, companyId, marker) {
    const { created } = await createWhatsapp(app, companyId, { name: `Sandbox ${marker}`, provider: 'sandbox', greetingMessage: `Olá ${marker}` })
    // Connected before the checks start, so no status write lands in the middle of them.
    await app.channels.start(companyId, created.id)
    return { whatsapp: created.id, whatsappsession: created.id, 'sandbox.whatsappId': created.id }
  },
})
