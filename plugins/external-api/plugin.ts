import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import '@zapdesk/contacts/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'

/**
 * The external messages API (the spec's /messages-api, plan feature useExternalApi): `POST /api/messages/send`
 * with a connection's token as the bearer sends text or media to a number, through that connection, into the
 * contact's ticket like any other outbound message (see README.md). No tables of its own: tokens are the
 * connections plugin's, contacts and tickets their plugins'.
 */
export default definePlugin({
  name: 'external-api',
  version: '1.0.0',
  description: 'External messages API: send text and media through a connection with its bearer token',
  dependencies: ['connections', 'contacts', 'tickets'],
  feature: 'useExternalApi',
  errorCodes: ['ERR_INVALID_API_TOKEN', 'ERR_INVALID_NUMBER', 'ERR_EMPTY_MESSAGE'],
  routes,
})
