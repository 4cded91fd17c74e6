import type { FastifyInstance } from 'fastify'
import { Campaign, ContactList, ContactListItem } from './models.ts'

/** Company B's sample rows for the cross-tenant checks: a contact list with a contact, and a draft campaign on it. */
export async function sampleCampaign(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const list = await app.bind(ContactList).query().forCompany(companyId).insert({ name: `Lista ${marker}` })
  const item = await app.bind(ContactListItem).query().forCompany(companyId).insert({ contactListId: list.id, name: `Cliente ${marker}`, number: '5511987650000', email: '', isWhatsappValid: true })
  const campaign = await app.bind(Campaign).query().forCompany(companyId).insert({ name: `Campanha ${marker}`, message1: `Olá {nome} ${marker}`, status: 'INATIVA', confirmation: false, contactListId: list.id })
  return { 'contact-lists': list.id, 'contact-list-items': item.id, campaigns: campaign.id, contactListId: list.id }
}
