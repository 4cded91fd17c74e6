import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import '@zapdesk/contacts/public'

/** Company B's sample rows for the cross-tenant checks: a contact and a schedule for it, with a picture. */
export async function sampleSchedule(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const { contact } = await app.contacts.findOrCreateContact(companyId, { number: `55119${randomInt(10_000_000, 99_999_999)}`, name: `Cliente ${marker}` })
  const schedule = await app.schedules.create(companyId, null, { body: `Lembrete ${marker}`, contactId: contact.id, sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString() })
  const path = await app.storage.save(companyId, Buffer.from(`picture ${marker}`), 'foto.png')
  await app.schedules.setMedia(companyId, schedule.id, { path, name: `foto ${marker}.png` })
  return { schedules: schedule.id, 'schedules.contactId': contact.id }
}
