import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { HelloPost } from './server/model.ts'

/**
 * An example third-party plugin: a hello board where a company's users post short notes to each other, live.
 * It brings its own plan feature (super users see "Hello board" in the plan form), a migration, routes, a realtime
 * topic, and a web module with a menu entry and a page.
 */
export default definePlugin({
  name: 'hello-board',
  version: '1.0.0',
  tables: ['hello_board_posts'],
  // Sending a post to WhatsApp uses the tickets and contacts plugins' services when they are installed.
  optionalDependencies: ['tickets', 'contacts'],
  errorCodes: ['ERR_HELLO_EMPTY', 'ERR_HELLO_POST_NOT_FOUND', 'ERR_HELLO_NO_TICKETS'],
  description: 'Example plugin: a company hello board',
  feature: 'useHelloBoard',
  featureLabel: { pt: 'Mural de recados', en: 'Hello board', es: 'Tablón de saludos' },
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { helloBoardPost: {} },
  async tenantFixtures(app, companyId, marker) {
    const post = await app.bind(HelloPost).query().forCompany(companyId).insert({ userId: null, author: `Author ${marker}`, text: `post ${marker}` })
    return { 'hello-board': post.id }
  },
})
