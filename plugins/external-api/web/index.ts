import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The spec's /messages-api page (plan feature useExternalApi): how to call the API, and test forms. */
export default defineWebModule({
  name: 'external-api',
  feature: 'useExternalApi',
  routes: [{ path: '/messages-api', lazy: () => import('./MessagesApiPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'messages-api', labelKey: 'external-api:menu', icon: 'code', to: '/messages-api', order: 190, adminOnly: true }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
