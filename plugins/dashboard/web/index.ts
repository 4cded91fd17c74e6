import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/**
 * The dashboard takes the shell's '/' (plugins' pages replace the shell's defaults at the same path) and the spec's
 * first menu entry, for admins. The route itself is open to every profile: agents are sent on to their tickets by
 * the page, since a refused '/' would redirect to '/' again.
 */
export default defineWebModule({
  name: 'dashboard',
  routes: [{ path: '/', lazy: () => import('./DashboardPage.tsx') }],
  menu: [{ id: 'dashboard', labelKey: 'dashboard:menu', icon: 'dashboard', to: '/', order: 10, adminOnly: true, section: 'main' }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
