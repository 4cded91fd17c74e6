export interface ContactList {
  id: number
  name: string
  contactsCount: number
}

export interface ContactListItem {
  id: number
  contactListId: number
  name: string
  number: string
  email: string
  isWhatsappValid: boolean | null
}

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA'

export interface CampaignReport {
  valid: number
  delivered: number
  confirmationRequested: number
  confirmed: number
  failed: number
  remaining: number
}

export interface Campaign {
  id: number
  name: string
  message1: string; message2: string; message3: string; message4: string; message5: string
  confirmationMessage1: string; confirmationMessage2: string; confirmationMessage3: string; confirmationMessage4: string; confirmationMessage5: string
  status: CampaignStatus
  confirmation: boolean
  scheduledAt: string | null
  completedAt: string | null
  whatsappId: number | null
  contactListId: number | null
  tagListId: number | null
  fileListId: number | null
  mediaPath: string | null
  mediaName: string | null
  pausedReason: string | null
  contactList: { id: number; name: string } | null
  whatsapp: { id: number; name: string } | null
  report?: CampaignReport
}

export type CampaignEvent =
  | { action: 'create' | 'update'; record: Campaign }
  | { action: 'delete'; id: number }
  | { action: 'progress'; id: number; status: CampaignStatus; pausedReason: string | null; report: CampaignReport }

export type ItemEvent = ({ action: 'create' | 'update'; record: ContactListItem } | { action: 'delete'; id: number } | { action: 'reload' }) & { contactListId: number }

export interface ImportAnswer {
  added: number
  errors: Array<{ line: number; name: string; number: string; reason: string }>
}
