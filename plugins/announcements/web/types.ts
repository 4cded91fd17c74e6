export type Priority = 1 | 2 | 3

export interface Announcement {
  id: number
  title: string
  text: string
  priority: Priority
  status: boolean
  mediaPath: string | null
  mediaName: string | null
  /** The image's public address on the API host (no token needed), or null. */
  mediaUrl: string | null
  createdAt: string | null
  updatedAt: string | null
}

export interface AnnouncementsAnswer {
  records: Announcement[]
  count: number
  hasMore: boolean
}

/** Both topics' events: `announcement` (what every user may see) and `announcementManage` (super users). */
export type AnnouncementEvent = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number }
