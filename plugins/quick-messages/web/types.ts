export interface QuickMessage {
  id: number
  companyId: number
  userId: number | null
  shortcode: string
  message: string
  geral: boolean
  status: boolean
  isMedia: boolean
  mediaPath: string | null
  mediaName: string | null
}

/** Who may change a quick message: its owner; admins too when it is geral (the server enforces the same). */
export const canEdit = (q: QuickMessage, user: { id: number; profile: string; super?: boolean } | null | undefined): boolean =>
  !!user && (q.userId === user.id || (q.geral && (user.profile === 'admin' || !!user.super)))
