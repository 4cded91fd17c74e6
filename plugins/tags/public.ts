/**
 * The tags plugin's public surface: what plugins that declare `dependencies: ['tags']` (tickets, kanban) may import.
 * Everything else under plugins/tags/ is internal.
 */
import './server/types.ts'

export type { TagsService, TicketValidator } from './server/service.ts'
export type { TagAnswer, TicketTag } from './server/dto.ts'
