/**
 * What other plugins may use from the connections plugin (declare `dependencies: ['connections']`): the
 * channel-driver contract and `app.channels`. Everything else in this folder is internal.
 */
import './server/types.ts'

export type * from './server/driver.ts'
export type { Channels } from './server/channels.ts'
