import { defineWebModule } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'contacts',
  routes: [{ path: '/contacts', lazy: () => import('./ContactsPage.tsx') }],
  menu: [{ id: 'contacts', labelKey: 'contacts:menu', icon: 'people', to: '/contacts', order: 60 }],
  translations: {
    pt: () => import('./locales/pt.json'),
    en: () => import('./locales/en.json'),
    es: () => import('./locales/es.json'),
  },
})
