import { randomBytes } from 'node:crypto'

/**
 * A message id in WhatsApp's style ('3EB0' and 16 hex digits, as Baileys makes them), for a sender that fixes its id
 * before the send (OutboundMessage.id): after a crash it asks the channel about it (`wasSent`), and a send again under
 * it is one message to WhatsApp.
 */
export const newMessageId = (): string => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`
