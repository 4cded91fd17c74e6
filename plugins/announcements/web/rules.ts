import type { FieldErrors, MediaValue } from '@zapdesk/plugin-api/web'
import type { Announcement, Priority } from './types.ts'
import { DEFAULT_PRIORITY } from './priority.ts'

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg'

export interface Values {
  title: string
  text: string
  priority: Priority
  status: boolean
  media: MediaValue
}

/** The form's values for an announcement being edited, or a new one's (the spec's defaults: low, active). */
export const valuesOf = (a?: Announcement): Values => a
  ? { title: a.title, text: a.text, priority: a.priority, status: a.status, media: { file: null, saved: a.mediaName } }
  : { title: '', text: '', priority: DEFAULT_PRIORITY, status: true, media: { file: null, saved: null } }

/** The spec: title and text required; the attachment a png, jpg or jpeg image. */
export function checkAnnouncement(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {}
  if (!v.title.trim()) errors.title = 'announcements:dialog.required'
  if (!v.text.trim()) errors.text = 'announcements:dialog.required'
  if (v.media.file && !/\.(png|jpe?g)$/i.test(v.media.file.name)) errors.media = 'announcements:dialog.imageOnly'
  return errors
}
