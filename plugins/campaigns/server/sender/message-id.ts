import { randomBytes } from 'node:crypto'

/**
 * A recipient's base message id, chosen and stored before the first send: WhatsApp-style ids ('3EB0' and hex, as
 * Baileys makes them). Each message of the recipient is the base plus a two-character part, so every send has an id
 * known in advance that the channel can be asked about after a crash.
 */
export const newBaseId = (): string => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`

/** Part 0 is the message, 1.. the file list's files; 'C' the confirmation request. */
export const partId = (base: string, part: number | 'C'): string => `${base}${part === 'C' ? 'C0' : part.toString(16).toUpperCase().padStart(2, '0')}`
