import { Type, type Static } from '@zapdesk/plugin-api'
import type { ChargeInfo } from '../models.ts'

/** The spec's Charge info fields (phone_number as the spec spells it); provider references are never answered. */
export const ChargeInfoDto = Type.Object({
  id: Type.Integer(), companyId: Type.Integer(),
  cpf: Type.String(), birth: Type.String(), zipcode: Type.String(), number: Type.String(), city: Type.String(), state: Type.String(),
  street: Type.String(), neighborhood: Type.String(), name: Type.String(), email: Type.String(), phone_number: Type.String(),
  cardNumber: Type.Union([Type.String(), Type.Null()]), cardFlag: Type.Union([Type.String(), Type.Null()]),
})
export type ChargeInfoJson = Static<typeof ChargeInfoDto>

export const chargeInfoJson = (c: ChargeInfo): ChargeInfoJson => ({
  id: c.id, companyId: c.companyId, cpf: c.cpf, birth: c.birth, zipcode: c.zipcode, number: c.number, city: c.city, state: c.state,
  street: c.street, neighborhood: c.neighborhood, name: c.name, email: c.email, phone_number: c.phoneNumber,
  cardNumber: c.cardNumber, cardFlag: c.cardFlag,
})

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/** CPF, zip code and number: digits only are kept (the form strips the rest; the check runs on what is kept). */
export const ChargeInfoBody = Type.Object({
  cpf: Type.String({ maxLength: 20 }),
  birth: Type.String({ format: 'date' }),
  zipcode: Type.String({ maxLength: 12 }),
  number: Text(10), city: Text(100), state: Text(40), street: Text(200), neighborhood: Text(100),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 200 })])),
  phone_number: Text(20),
})
export type ChargeInfoInput = Static<typeof ChargeInfoBody>
