import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/billing/public'
import { asaasProvider } from './server/provider.ts'
import webhookRoutes from './server/webhook.ts'

/**
 * Asaas as billing's payment provider: customers, Pix charges with their QR code, card subscriptions with the card
 * token the browser got from Asaas, and Asaas's webhooks. The key: ASAAS_TOKEN, else the platform's `asaas` setting;
 * the API base: ASAAS_URL (default production). See README.md.
 */
export default definePlugin({
  name: 'billing-asaas',
  version: '1.0.0',
  description: 'Asaas payment provider for billing (Pix, card subscriptions, webhooks)',
  dependencies: ['billing'],
  tables: [],
  routes: webhookRoutes,
  setup(app) {
    app.billing.providers.register(asaasProvider(app))
  },
})
