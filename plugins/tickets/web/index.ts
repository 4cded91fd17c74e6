import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The tickets screen (list + conversation) at the spec's second place in the side menu, for every user. */
export default defineWebModule({
  name: 'tickets',
  routes: [{ path: '/tickets/:ticketId?', lazy: () => import('./TicketsPage.tsx') }],
  menu: [{ id: 'tickets', labelKey: 'tickets:menu', icon: 'chat', to: '/tickets', order: 20 }],
  background: () => import('./MessageNotifier.tsx'),
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
