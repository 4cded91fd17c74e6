/** Shapes of the contacts API as the page reads them. */
export interface ExtraInfo {
  id?: number
  name: string
  value: string
}

export interface Contact {
  id: number
  companyId: number
  name: string
  number: string | null
  email: string
  profilePicUrl: string | null
  isGroup: boolean
  lid: string | null
  createdAt: string | null
  extraInfo?: ExtraInfo[]
}

export interface ImportError {
  row: number
  name: string
  number: string
  reason: string
  message: string
}

export interface ImportAnswer {
  newContacts: Contact[]
  errorBag: ImportError[]
}

/** The `contact` topic's payloads: one contact per write, a count after a spreadsheet import. */
export type ContactEvent =
  | { action: 'create' | 'update'; contact: Contact }
  | { action: 'delete'; contactId: number }
  | { action: 'import'; count: number }
