import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'contacts',
  routes: [{ path: '/contacts', lazy: () => import('./ContactsPage.tsx') }],
  menu: [{ id: 'contacts', labelKey: 'contacts:menu', icon: 'people', to: '/contacts', order: 60 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
