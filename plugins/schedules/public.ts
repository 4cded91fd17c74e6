/**
 * What other plugins may use from the schedules plugin (declare `dependencies: ['schedules']`, import
 * `@zapdesk/schedules/public`). Its table is internal.
 *
 *   const page = await app.schedules.page(companyId, { contactId, pageNumber: 1 })   // a contact's schedules
 */
import './server/types.ts'

export type { SchedulesService, ScheduleEvent } from './server/service.ts'
export type { ScheduleJson } from './server/serialize.ts'
