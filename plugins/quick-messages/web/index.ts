import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'quick-messages',
  routes: [{ path: '/quick-messages', lazy: () => import('./QuickMessagesPage.tsx') }],
  menu: [{ id: 'quick-messages', labelKey: 'quick-messages:menu', icon: 'flash', to: '/quick-messages', order: 40 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
