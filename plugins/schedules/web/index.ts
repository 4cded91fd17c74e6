import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'schedules',
  feature: 'useSchedules',
  routes: [{ path: '/schedules', lazy: () => import('./SchedulesPage.tsx') }],
  // The spec's menu: after contacts (60), before tags (80).
  menu: [{ id: 'schedules', labelKey: 'schedules:menu', icon: 'calendar', to: '/schedules', order: 70 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
