import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import { docsUi } from './docs-ui.ts'

/** The OpenAPI document, generated from the route schemas, browsable under /api/docs. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Zapdesk API', version: '6.0.0', description: 'Multi-company customer service over WhatsApp' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The external messages API authenticates with a connection's own token, not a user's session.
          connectionToken: { type: 'http', scheme: 'bearer', description: 'A connection\'s messages-API token (Connections, edit, API token)' },
        },
      },
      security: [{ bearer: [] }],
    },
  })
  docsUi(app, '/api/docs')
}, { name: 'zapdesk-openapi' })
