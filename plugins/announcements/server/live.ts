import type { FastifyInstance } from 'fastify'
import type { Announcement } from './models.ts'
import { announcementDto } from './serialize.ts'

/** Realtime topics. `announcement` is the spec's channel: what every company's users see (active ones only). */
export const TOPIC = 'announcement'
/** Every change, inactive ones included, for the super users' management page (a permission only they hold). */
export const MANAGE_TOPIC = 'announcementManage'
export const MANAGE_PERMISSION = 'announcements:manage'

type Change = 'create' | 'update' | 'delete'

/**
 * Tells every company's signed-in users (announcements are platform-wide, so every company). Users who are not super
 * must never see an inactive announcement: to them one that stops being active is deleted, and one that becomes
 * active is created.
 */
export function publishChange(app: FastifyInstance, action: Change, row: Announcement, before?: Announcement): void {
  const dto = announcementDto(row)
  app.realtime.publishToAll({ topic: MANAGE_TOPIC, data: action === 'delete' ? { action, id: row.id } : { action, record: dto } })
  const visible = action !== 'delete' && row.status
  const wasVisible = action === 'create' ? false : Boolean((before ?? row).status)
  if (visible) app.realtime.publishToAll({ topic: TOPIC, data: { action: wasVisible ? 'update' : 'create', record: dto } })
  else if (wasVisible) app.realtime.publishToAll({ topic: TOPIC, data: { action: 'delete', id: row.id } })
}
