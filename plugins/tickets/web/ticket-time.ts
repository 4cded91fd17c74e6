const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Spec: a row's time is HH:mm when the ticket moved today, else dd/MM/yyyy. "Today" is the viewer's local day,
 * so the instant is converted before comparing (an ISO string's date part is the UTC day, not the viewer's).
 */
export function formatTicketTime(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value == null || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()
  return sameDay ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
}
