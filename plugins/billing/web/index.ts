import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The spec's /financeiro ('Faturas': plans, billing data, Pix checkout, invoices) and /subscription pages. */
export default defineWebModule({
  name: 'billing',
  routes: [
    { path: '/financeiro', lazy: () => import('./FinancePage.tsx'), profiles: ['admin'] },
    { path: '/subscription', lazy: () => import('./SubscriptionPage.tsx'), profiles: ['admin'] },
  ],
  menu: [{ id: 'finance', labelKey: 'billing:menu', icon: 'dollar', to: '/financeiro', order: 210, adminOnly: true, allowOverdue: true }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
