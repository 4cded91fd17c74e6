import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The spec's /queue-integration page (plan feature useIntegrations), and the integration choice of the queue and connection forms. */
export default defineWebModule({
  name: 'integrations',
  feature: 'useIntegrations',
  routes: [{ path: '/queue-integration', lazy: () => import('./IntegrationsPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'queue-integration', labelKey: 'integrations:menu', icon: 'data-connection', to: '/queue-integration', order: 135, adminOnly: true }],
  formOptions: { 'queue.integrationId': () => import('./integration-options.ts'), 'connection.integrationId': () => import('./integration-options.ts') },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
