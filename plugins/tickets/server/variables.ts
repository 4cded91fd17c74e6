/**
 * The spec's variables in automatic messages: {{firstName}}, {{name}}, {{ms}} (greeting by time of day),
 * {{protocol}} (a per-ticket protocol number) and {{hora}} (HH:mm:ss). Times use the company's timezone.
 */
export interface TemplateInput {
  contactName: string
  ticketId: number
  now?: Date
  timezone?: string
}

function hourIn(now: Date, timezone: string): { hour: number; clock: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00'
  return { hour: Number(get('hour')), clock: `${get('hour')}:${get('minute')}:${get('second')}` }
}

function greetingFor(hour: number): string {
  if (hour < 6) return 'Boa madrugada'
  if (hour < 12) return 'Bom dia'
  if (hour < 18) return 'Boa tarde'
  return 'Boa noite'
}

/** yyyyMMddHHmmss plus the ticket id: unique per ticket and readable on the phone. */
function protocolOf(now: Date, ticketId: number): string {
  const d = now.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return `${d}${ticketId}`
}

export function renderTemplate(text: string, input: TemplateInput): string {
  const now = input.now ?? new Date()
  let timezone = input.timezone ?? 'UTC'
  try { new Intl.DateTimeFormat('en', { timeZone: timezone }) } catch { timezone = 'UTC' }
  const { hour, clock } = hourIn(now, timezone)
  const name = input.contactName.trim()
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingFor(hour),
    protocol: protocolOf(now, input.ticketId),
    hora: clock,
  }
  return text.replace(/\{\{\s*(firstName|name|ms|protocol|hora)\s*\}\}/g, (_, key: string) => values[key])
}
