/**
 * What other plugins may use from the connections plugin (declare `dependencies: ['connections']`): the
 * channel-driver contract, `app.channels` (sessions, sending, number checks, the connected connection) and
 * `app.connections` (connection rows, their menu's queues, the default connection). Everything else in this folder is
 * internal, its tables included.
 *
 *   const whatsappId = await app.channels.connectedFor(companyId)           // default first, CONNECTED only
 *   const sent = await app.channels.send(companyId, whatsappId, { to: { number }, body: 'Olá' })
 *   const loaded = await app.connections.load(companyId, whatsappId)        // { row, offersQueues }
 *   const found = await app.connections.findByApiToken(bearer)              // { companyId, whatsappId } or undefined
 *   const used = await app.connections.count(companyId)                     // how many connections the company has
 */
import './server/types.ts'

export type * from './server/driver.ts'
export type { Channels } from './server/channels.ts'
export type { SendToNumberOptions } from './server/send-to-number.ts'
export { sendFailureOf, type SendFailure } from './server/send-failure.ts'
export { newMessageId } from './server/message-id.ts'
export type { ConnectionDirectory, ConnectionRow, LoadedConnection } from './server/directory.ts'
