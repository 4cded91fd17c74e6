import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import routes from './server/routes.ts'
import { listen } from './server/hooks.ts'
import { prepareJob } from './server/sender/prepare.ts'
import { dispatchJob } from './server/sender/dispatch.ts'
import { scheduleSweeps, sweepJob } from './server/sender/sweep.ts'
import { stopProgress } from './server/sender/progress.ts'
import { checkNumbersJob } from './server/contact-lists/number-check.ts'
import { sampleCampaign } from './server/testing.ts'

/**
 * Campaigns (the spec's outbound side): contact lists and their items, campaigns with their settings and report, and
 * the sender that sends each recipient its message once (see README.md). Gated by the plan's useCampaigns and the
 * company's campaignsEnabled setting; for admins.
 */
export default definePlugin({
  name: 'campaigns',
  version: '1.0.0',
  description: 'Contact lists, campaigns, campaign settings and the live report, with a sender that never sends twice',
  dependencies: ['connections', 'contacts', 'tags', 'tickets', 'files'],
  tables: ['contact_lists', 'contact_list_items', 'campaigns', 'campaign_settings', 'campaign_shipping', 'campaign_pacing'],
  feature: 'useCampaigns',
  events: ['campaign.awaitingConfirmation', 'campaign.finished'],
  errorCodes: ['ERR_NO_CONTACT_LIST_FOUND', 'ERR_NO_CONTACT_LIST_ITEM_FOUND', 'ERR_NO_CAMPAIGN_FOUND', 'ERR_CAMPAIGN_LOCKED', 'ERR_CAMPAIGN_NOT_RUNNING', 'ERR_CAMPAIGN_NOT_CANCELLED'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { campaign: { adminOnly: true }, 'contact-list': { adminOnly: true }, 'contact-list-item': { adminOnly: true } },
  jobs: { prepare: prepareJob, dispatch: dispatchJob, sweep: sweepJob, checkNumbers: checkNumbersJob },
  setup(app) {
    listen(app)
    scheduleSweeps(app)
    app.addHook('onClose', async () => stopProgress(app))
  },
  tenantFixtures: sampleCampaign,
})
