import { TenantModel } from '@zapdesk/plugin-api'

export class ContactList extends TenantModel {
  static tableName = 'contactLists'

  name!: string
}

export class ContactListItem extends TenantModel {
  static tableName = 'contactListItems'
  static booleanColumns = ['isWhatsappValid']

  contactListId!: number
  name!: string
  number!: string
  email!: string
  isWhatsappValid!: boolean | null
}

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export class Campaign extends TenantModel {
  static tableName = 'campaigns'
  static booleanColumns = ['confirmation']
  static dateColumns = ['createdAt', 'updatedAt', 'scheduledAt', 'completedAt', 'preparedAt']

  name!: string
  message1!: string | null
  message2!: string | null
  message3!: string | null
  message4!: string | null
  message5!: string | null
  confirmationMessage1!: string | null
  confirmationMessage2!: string | null
  confirmationMessage3!: string | null
  confirmationMessage4!: string | null
  confirmationMessage5!: string | null
  status!: CampaignStatus
  confirmation!: boolean
  scheduledAt!: string | null
  completedAt!: string | null
  whatsappId!: number | null
  contactListId!: number | null
  tagListId!: number | null
  fileListId!: number | null
  mediaPath!: string | null
  mediaName!: string | null
  preparedAt!: string | null
  pausedReason!: string | null
}

export class CampaignSetting extends TenantModel {
  static tableName = 'campaignSettings'

  key!: string
  value!: string
}

export type ShippingState = 'pending' | 'sending' | 'awaiting' | 'confirmed' | 'delivered' | 'failed'

export class CampaignShipping extends TenantModel {
  static tableName = 'campaignShipping'
  // Rows are written in bulk by the preparation and by conditional updates of the sender: no updated_at.
  static timestamps = false
  static dateColumns = ['createdAt', 'claimedAt', 'confirmationRequestedAt', 'confirmedAt', 'deliveredAt']

  campaignId!: number
  whatsappId!: number
  number!: string
  name!: string
  email!: string
  message!: string
  confirmationMessage!: string | null
  state!: ShippingState
  externalId!: string | null
  partsDone!: number
  attempts!: number
  claimedAt!: string | null
  confirmationRequestedAt!: string | null
  confirmedAt!: string | null
  deliveredAt!: string | null
  error!: string | null
}
