/**
 * The queues plugin's public surface: what plugins that declare `dependencies: ['queues']` may import.
 * Everything else under plugins/queues/ is internal.
 */
import './server/types.ts'

export { isOpen, weekIsOpen, localClock, toMinutes, WEEKDAYS, type ScheduleType, type ScheduleEntry, type OpeningHoursInput, type Weekday } from './server/opening-hours.ts'
export type { QueuesService } from './server/service.ts'
export type { QueueAnswer, OptionNode } from './server/dto.ts'
