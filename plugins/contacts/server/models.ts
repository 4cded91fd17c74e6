import { TenantModel } from '@zapdesk/plugin-api'

/** A person or group the company talks to over WhatsApp. */
export class Contact extends TenantModel {
  static tableName = 'contacts'
  static booleanColumns = ['isGroup']

  name!: string
  nameSearch!: string
  number!: string | null
  email!: string
  profilePicUrl!: string | null
  isGroup!: boolean
  lid!: string | null
}

/** One name/value pair of a contact's extra info (the spec's extraInfo list). */
export class ContactCustomField extends TenantModel {
  static tableName = 'contactCustomFields'
  static timestamps = false

  contactId!: number
  name!: string
  value!: string
}
