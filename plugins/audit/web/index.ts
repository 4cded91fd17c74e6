import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The audit log page (admins: their company; super users: every company). No plan flag. */
export default defineWebModule({
  name: 'audit',
  routes: [{ path: '/audit', lazy: () => import('./AuditPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'audit', labelKey: 'audit:menu', icon: 'history', to: '/audit', order: 185, adminOnly: true }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
