/**
 * A recipient's base message id (the connections plugin's newMessageId) is chosen and stored before the first send;
 * each message of the recipient is the base plus a two-character part, so every send has an id known in advance that
 * the channel can be asked about after a crash. Part 0 is the message, 1.. the file list's files; 'C' the
 * confirmation request.
 */
export const partId = (base: string, part: number | 'C'): string => `${base}${part === 'C' ? 'C0' : part.toString(16).toUpperCase().padStart(2, '0')}`
