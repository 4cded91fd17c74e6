/** Shapes of the API answers the shell reads (see the server contract). */
export type Profile = 'admin' | 'user'
export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL'

export interface Setting {
  key: string
  value: string
}

export interface QueueRef {
  id: number
  name: string
  color: string
}

export interface UserCompany {
  id: number
  name: string
  dueDate: string | null
  status: boolean
  planId: number
  /** The zone the company's times are read in (schedules, campaigns). */
  timezone?: string
  settings: Setting[]
}

export interface User {
  id: number
  name: string
  email: string
  profile: Profile
  super: boolean
  allTicket: 'enabled' | 'desabled'
  companyId: number
  company: UserCompany
  queues: QueueRef[]
  whatsappId: number | null
  permissions: string[]
  features: string[]
}

export interface AuthAnswer {
  token: string
  user: User
}

/** A plan carries limits plus one `use*` boolean per feature; features of newer plugins arrive as extra keys. */
export interface Plan {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  value: number
  term?: 'MENSAL' | 'ANUAL'
  bankPlanID?: string | null
  [key: string]: unknown
}

export interface CompanyPlan {
  id: number
  name: string
  planId: number
  plan: Plan
}

export interface CompanySchedule {
  weekday: string
  weekdayEn: string
  startTime: string
  endTime: string
}

export interface Company {
  id: number
  name: string
  email: string
  phone: string
  planId: number
  plan?: { id: number; name: string }
  status: boolean
  dueDate: string | null
  /** The zone its opening hours are read in (default America/Sao_Paulo). */
  timezone?: string
  trialExpiration?: string | null
  recurrence: Recurrence
  campaignsEnabled: boolean
  createdAt: string
  schedules?: CompanySchedule[]
  billingName?: string | null
  addressZipCode?: string | null
  addressStreet?: string | null
  addressDistrict?: string | null
  addressCity?: string | null
  addressState?: string | null
}

export interface LocalizedLabel {
  pt: string
  en: string
  es: string
}

export interface ModuleSwitch {
  feature: string
  label: LocalizedLabel
  inPlan: boolean
  enabled: boolean
}

export interface CatalogFeature {
  feature: string
  label: LocalizedLabel
}

export interface Help {
  id: number
  title: string
  description: string
  video: string
}

