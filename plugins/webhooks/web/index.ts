import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The webhooks page (admins): endpoints, the events they want, and each one's deliveries. No plan flag. */
export default defineWebModule({
  name: 'webhooks',
  routes: [{ path: '/webhooks', lazy: () => import('./WebhooksPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'webhooks', labelKey: 'webhooks:menu', icon: 'send-to-graph', to: '/webhooks', order: 137, adminOnly: true }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
