import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '@zapdesk/plugin-api'
import { ContactList, ContactListItem } from '../models.ts'
import { listDto, type ContactListJson } from './serialize.ts'

export const PAGE_SIZE = 20

const escapeLike = (term: string) => `%${term.toLowerCase().replace(/[!%_]/g, '!$&')}%`

/** How many items each list has, in one query. */
async function counts(app: FastifyInstance, companyId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = (await app.bind(ContactListItem).query().forCompany(companyId).whereIn('contactListId', ids)
    .groupBy('contactListId').select('contactListId').count({ n: '*' })) as unknown as Array<{ contactListId: number; n: number }>
  return new Map(rows.map((r) => [Number(r.contactListId), Number(r.n)]))
}

export async function listPage(app: FastifyInstance, companyId: number, term: string | undefined, page: number) {
  const base = app.bind(ContactList).query().forCompany(companyId)
  if (term?.trim()) base.whereRaw("lower(name) like ? escape '!'", [escapeLike(term.trim())])
  const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
  const rows = await base.orderBy('name').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
  const byList = await counts(app, companyId, rows.map((r) => r.id))
  return { records: rows.map((r) => listDto(r, byList.get(r.id) ?? 0)), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
}

export async function findList(app: FastifyInstance, companyId: number, id: number, trx?: Knex.Transaction): Promise<ContactList> {
  const row = await app.bind(ContactList).query(trx).forCompany(companyId).findById(id)
  if (!row) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404)
  return row
}

export async function showList(app: FastifyInstance, companyId: number, id: number): Promise<ContactListJson> {
  const row = await findList(app, companyId, id)
  return listDto(row, (await counts(app, companyId, [id])).get(id) ?? 0)
}

export { escapeLike }
