import type { Channels } from './channels.ts'
import type { ConnectionDirectory } from './directory.ts'
import type { Ack, InboundEvent, SessionStatus } from './driver.ts'

/** What the connections plugin adds to the app and to the domain events other plugins subscribe to. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Channel drivers and sessions: register a driver, send, mark read, check numbers (see channels.ts). */
    channels: Channels
    /** Read services over the company's connections: rows, their menu's queues, the default one (see directory.ts). */
    connections: ConnectionDirectory
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    'whatsapp.statusChanged': { companyId: number; whatsappId: number; status: SessionStatus; previous: SessionStatus }
    'whatsapp.deleted': { companyId: number; whatsappId: number }
    /**
     * A normalized inbound event (message, edit, revoke, reaction, call). Emitted once, on the instance that runs
     * the session: subscribe with the default 'local' scope, since `media.download()` only works there.
     */
    'message.inbound': { companyId: number; whatsappId: number; event: InboundEvent }
    /** An ack of a message the platform sent (1 sent, 2 delivered, 3 read, 4 played). */
    'message.ack': { companyId: number; whatsappId: number; externalId: string; chatJid: string; ack: Ack }
  }
}
