import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/contacts/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'
import { SchedulesService } from './server/service.ts'
import { listen } from './server/hooks.ts'
import { scheduleWakeUps, wakeJob } from './server/sender/wake.ts'
import { sampleSchedule } from './server/testing.ts'
import './server/types.ts'

/**
 * Scheduled messages (the spec's Schedules page): a body and an optional picture for a contact, sent at its time into
 * the contact's ticket through the tickets service, once, even across crashes and several instances (see README.md).
 * Gated by the plan's useSchedules; for every user of the company. Realtime topic `schedule`.
 */
export default definePlugin({
  name: 'schedules',
  version: '1.0.0',
  description: 'Scheduled messages to contacts, sent once into their tickets at the set time',
  dependencies: ['contacts', 'tickets'],
  tables: ['scheduled_messages'],
  provides: ['schedules'],
  feature: 'useSchedules',
  errorCodes: ['ERR_NO_SCHEDULE_FOUND', 'ERR_SCHEDULE_SENT', 'ERR_SCHEDULE_SENDING', 'ERR_SCHEDULE_PAST'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { schedule: {} },
  jobs: { wake: wakeJob },
  setup(app) {
    app.decorate('schedules', new SchedulesService(app))
    listen(app)
    scheduleWakeUps(app)
  },
  tenantFixtures: sampleSchedule,
})
