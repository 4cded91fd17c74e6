import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The Connections page (admins), at the spec's place in the administration menu, with its attention badge. */
export default defineWebModule({
  name: 'connections',
  routes: [{ path: '/connections', lazy: () => import('./ConnectionsPage.tsx'), profiles: ['admin'] }],
  menu: [
    {
      id: 'connections', labelKey: 'connections:menu', icon: 'mobile-phone', to: '/connections', order: 150, adminOnly: true,
      badge: () => import('./menu-badge.ts'),
    },
  ],
  formOptions: { 'user.whatsappId': () => import('./connection-options.ts'), 'queue.whatsappIds': () => import('./connection-options.ts') },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
