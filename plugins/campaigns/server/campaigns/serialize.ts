import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import { CAMPAIGN_STATUSES, type Campaign } from '../models.ts'

const NullableInt = Type.Union([Type.Integer(), Type.Null()])
const NullableString = Type.Union([Type.String(), Type.Null()])
const Ref = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()])

export const CampaignReport = Type.Object({
  /** Recipients with a shipping row (the list's contacts not known to be off WhatsApp, or the tag's contacts). */
  valid: Type.Integer(),
  delivered: Type.Integer(),
  confirmationRequested: Type.Integer(),
  confirmed: Type.Integer(),
  failed: Type.Integer(),
  /** Still to be sent (pending, being sent, or confirmed and waiting for the message). */
  remaining: Type.Integer(),
})
export type CampaignReportJson = Static<typeof CampaignReport>

export const CampaignDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  message1: Type.String(), message2: Type.String(), message3: Type.String(), message4: Type.String(), message5: Type.String(),
  confirmationMessage1: Type.String(), confirmationMessage2: Type.String(), confirmationMessage3: Type.String(),
  confirmationMessage4: Type.String(), confirmationMessage5: Type.String(),
  status: Type.Union(CAMPAIGN_STATUSES.map((s) => Type.Literal(s))),
  confirmation: Type.Boolean(),
  scheduledAt: NullableString,
  completedAt: NullableString,
  whatsappId: NullableInt,
  contactListId: NullableInt,
  tagListId: NullableInt,
  fileListId: NullableInt,
  mediaPath: NullableString,
  mediaName: NullableString,
  /** Why a running campaign is not sending now (e.g. ERR_WAPP_NOT_INITIALIZED: its connection is down). */
  pausedReason: NullableString,
  contactList: Ref,
  whatsapp: Ref,
  /** The spec's report figures (GET /campaigns/:id and live progress). */
  report: Type.Optional(CampaignReport),
  createdAt: NullableString,
  updatedAt: NullableString,
})
export type CampaignJson = Static<typeof CampaignDto>

// Null first: with the API's type coercion, a later null branch would see the null already coerced by an earlier one.
const Message = Type.Union([Type.Null(), Type.String({ maxLength: 4096 })])
/** The spec: name 2-50; up to five messages, each with an optional confirmation message; empty strings come as null. */
export const CampaignBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50, pattern: '\\S' }),
  message1: Type.Optional(Message), message2: Type.Optional(Message), message3: Type.Optional(Message), message4: Type.Optional(Message), message5: Type.Optional(Message),
  confirmationMessage1: Type.Optional(Message), confirmationMessage2: Type.Optional(Message), confirmationMessage3: Type.Optional(Message),
  confirmationMessage4: Type.Optional(Message), confirmationMessage5: Type.Optional(Message),
  confirmation: Type.Optional(Type.Boolean()),
  /** 'YYYY-MM-DD HH:mm:ss' in the company's timezone (or ISO with a zone); null or '' for none. */
  scheduledAt: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 40 })])),
  whatsappId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  contactListId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  tagListId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 }), Type.Literal('Nenhuma')])),
  fileListId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  // Sent by the web app with the form; the server keeps its own.
  status: Type.Optional(Type.String({ maxLength: 20 })),
  companyId: Type.Optional(Type.Integer({ minimum: 1 })),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  mediaPath: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 255 })])),
  mediaName: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 255 })])),
})
export type CampaignInput = Static<typeof CampaignBody>

export const MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const
export const CONFIRMATION_FIELDS = ['confirmationMessage1', 'confirmationMessage2', 'confirmationMessage3', 'confirmationMessage4', 'confirmationMessage5'] as const

export function campaignDto(c: Campaign, refs: { contactList?: { id: number; name: string } | null; whatsapp?: { id: number; name: string } | null; report?: CampaignReportJson } = {}): CampaignJson {
  return {
    id: c.id, companyId: c.companyId, name: c.name,
    message1: c.message1 ?? '', message2: c.message2 ?? '', message3: c.message3 ?? '', message4: c.message4 ?? '', message5: c.message5 ?? '',
    confirmationMessage1: c.confirmationMessage1 ?? '', confirmationMessage2: c.confirmationMessage2 ?? '', confirmationMessage3: c.confirmationMessage3 ?? '',
    confirmationMessage4: c.confirmationMessage4 ?? '', confirmationMessage5: c.confirmationMessage5 ?? '',
    status: c.status, confirmation: Boolean(c.confirmation), scheduledAt: toIso(c.scheduledAt), completedAt: toIso(c.completedAt),
    whatsappId: c.whatsappId ?? null, contactListId: c.contactListId ?? null, tagListId: c.tagListId ?? null, fileListId: c.fileListId ?? null,
    mediaPath: c.mediaPath ?? null, mediaName: c.mediaName ?? null, pausedReason: c.pausedReason ?? null,
    contactList: refs.contactList ?? null, whatsapp: refs.whatsapp ?? null, ...(refs.report ? { report: refs.report } : {}),
    createdAt: toIso(c.createdAt), updatedAt: toIso(c.updatedAt),
  }
}
