import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'announcements',
  // The spec: the management page is for super users only (others get the shell's toast and go home).
  routes: [{ path: '/announcements', lazy: () => import('./AnnouncementsPage.tsx'), superOnly: true }],
  menu: [{ id: 'announcements', labelKey: 'announcements:menu', icon: 'announcement', to: '/announcements', order: 120, superOnly: true }],
  // Every user reads the active ones in the top bar, before the internal chat's popover (the spec's order).
  topBar: { order: 10, component: () => import('./AnnouncementsButton.tsx') },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
