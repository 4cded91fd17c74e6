/**
 * What other plugins may use from campaigns (declare `optionalDependencies: ['campaigns']` or `dependencies`, import
 * `@zapdesk/campaigns/public`): the payload types of its domain events, `campaign.finished` and
 * `campaign.awaitingConfirmation`. Everything else is internal.
 */
import './server/types.ts'

export {}
