import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The kanban board, for every user of a company whose plan (and admin) has useKanban, right after Tickets. */
export default defineWebModule({
  name: 'kanban',
  feature: 'useKanban',
  routes: [{ path: '/kanban', lazy: () => import('./KanbanPage.tsx') }],
  menu: [{ id: 'kanban', labelKey: 'kanban:menu', icon: 'column-layout', to: '/kanban', order: 30 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
