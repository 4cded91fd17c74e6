import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { QuickMessage } from './server/models.ts'

/**
 * Quick messages: canned answers ("/shortcode") with an optional attachment, company-wide (geral) or personal.
 * Realtime topic `quickmessage` reaches the company for geral messages and only the owner for personal ones.
 */
export default definePlugin({
  name: 'quick-messages',
  version: '1.0.0',
  tables: ['quick_messages'],
  description: 'Quick messages (shortcodes) with attachments, geral or personal',
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { quickmessage: {} },
  async tenantFixtures(app, companyId, marker) {
    const media = await app.storage.save(companyId, Buffer.from(`attachment ${marker}`), 'menu.pdf')
    const row = await app.bind(QuickMessage).query().forCompany(companyId).insert({
      userId: null, shortcode: `menu-${marker}`, message: `Cardápio ${marker}`, geral: true, status: true, isMedia: true, mediaPath: media, mediaName: `menu ${marker}.pdf`,
    })
    return { 'quick-messages': row.id }
  },
})
