import type { FastifyInstance } from 'fastify'
import { AppError, isUniqueViolation } from '@zapdesk/plugin-api'
import { ChargeInfo } from '../models.ts'
import { digitsOnly, isValidCpf } from '../cpf.ts'
import { chargeInfoJson, type ChargeInfoInput, type ChargeInfoJson } from './serialize.ts'
import type { Payer } from '../types.ts'

/** Field errors in the shape ERR_VALIDATION answers carry, so the form puts them on their fields. */
const invalid = (field: string, message: string) => new AppError('ERR_VALIDATION', 400, [{ field: `body/${field}`, message }])

function clean(input: ChargeInfoInput) {
  const cpf = digitsOnly(input.cpf, 11)
  if (!isValidCpf(cpf)) throw new AppError('ERR_BILLING_INVALID_CPF', 400, [{ field: 'body/cpf', message: 'CPF inválido' }])
  const zipcode = digitsOnly(input.zipcode, 8)
  if (zipcode.length !== 8) throw invalid('zipcode', 'Zipcode must be 8 digits')
  if (Number.isNaN(Date.parse(`${input.birth}T00:00:00Z`))) throw invalid('birth', 'birth date required')
  const name = input.name.trim()
  if (!name) throw invalid('name', 'required')
  return {
    cpf, zipcode, birth: input.birth, name, number: digitsOnly(input.number ?? '', 10), city: (input.city ?? '').trim(), state: (input.state ?? '').trim(),
    street: (input.street ?? '').trim(), neighborhood: (input.neighborhood ?? '').trim(), email: (input.email ?? '').trim().toLowerCase(),
    phoneNumber: digitsOnly(input.phone_number ?? '', 20),
  }
}

/** The company's billing data (one row a company): the payer providers charge. */
export class ChargeInfoService {
  constructor(private app: FastifyInstance) {}

  private get Infos() { return this.app.bind(ChargeInfo) }

  async find(companyId: number): Promise<ChargeInfo | undefined> {
    return this.Infos.query().forCompany(companyId).first()
  }

  /** Null until saved (the page then shows an empty form: not an error). */
  async get(companyId: number): Promise<ChargeInfoJson | null> {
    const row = await this.find(companyId)
    return row ? chargeInfoJson(row) : null
  }

  /** Creates or replaces the company's charge info (POST and PUT both land here: there is one a company). */
  async save(companyId: number, input: ChargeInfoInput): Promise<ChargeInfoJson> {
    const data = clean(input)
    const existing = await this.find(companyId)
    if (existing) {
      await this.Infos.query().forCompany(companyId).findById(existing.id).patch(data)
    } else {
      try {
        await this.Infos.query().forCompany(companyId).insert(data)
      } catch (err) {
        // Two saves at once: the other one made the row; this one updates it.
        if (!isUniqueViolation(err)) throw err
        await this.Infos.query().forCompany(companyId).patch(data)
      }
    }
    return chargeInfoJson((await this.find(companyId))!)
  }

  async setProviderRefs(companyId: number, refs: Partial<Pick<ChargeInfo, 'provider' | 'providerCustomerId' | 'cardSubscriptionId' | 'cardNumber' | 'cardFlag'>>): Promise<void> {
    await this.Infos.query().forCompany(companyId).patch(refs)
  }

  async companyOfSubscription(provider: string, subscriptionId: string): Promise<number | undefined> {
    return (await this.Infos.query().unscoped().findOne({ provider, cardSubscriptionId: subscriptionId }))?.companyId
  }

  /** The payer a provider charges; refused until the billing data is saved. */
  async payer(companyId: number): Promise<Payer> {
    const row = await this.find(companyId)
    if (!row) throw new AppError('ERR_NO_CHARGE_INFO_FOUND', 409)
    return {
      companyId, name: row.name, cpf: row.cpf, email: row.email, phone: row.phoneNumber, birth: row.birth, zipcode: row.zipcode, number: row.number,
      street: row.street, neighborhood: row.neighborhood, city: row.city, state: row.state, customerId: row.providerCustomerId,
    }
  }
}
