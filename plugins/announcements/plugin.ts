import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { AnnouncementsService } from './server/service.ts'
import { MANAGE_PERMISSION, MANAGE_TOPIC, TOPIC } from './server/live.ts'
import './server/types.ts'

/**
 * Announcements: platform-wide notices with a priority and an optional image, written by super users and shown to
 * every company's users in the top bar. No plan feature: every company reads them.
 */
export default definePlugin({
  name: 'announcements',
  version: '1.0.0',
  description: 'Platform announcements written by super users, shown to every company in the top bar',
  tables: ['announcements'],
  provides: ['announcements'],
  errorCodes: ['ERR_NO_ANNOUNCEMENT_FOUND'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { [TOPIC]: {}, [MANAGE_TOPIC]: { permission: MANAGE_PERMISSION } },
  // No profile holds it: super users hold every action, so only they hear the management topic.
  permissions: { [MANAGE_PERMISSION]: [] },
  setup(app) {
    app.decorate('announcements', new AnnouncementsService(app))
  },
  /**
   * Announcements belong to the platform, not to the company passed here: what the cross-tenant check can prove is
   * that a company's users reach no announcement route but the list, and that an inactive one (a draft, carrying the
   * marker) never shows in that list. The image is a public file by design, so it carries no marker.
   */
  async tenantFixtures(app, companyId, marker) {
    const row = await app.announcements.create({ title: `Rascunho ${marker}`, text: `Manutenção ${marker}`, priority: 1, status: false })
    const path = await app.storage.save(companyId, Buffer.from('89504e470d0a1a0a', 'hex'), 'banner.png', 'public')
    await app.announcements.setImage(row.id, { companyId, path, originalName: 'banner.png' })
    return { announcements: row.id }
  },
})
