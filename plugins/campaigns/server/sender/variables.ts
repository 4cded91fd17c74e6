/** A recipient as campaign texts name it. */
export interface Recipient {
  name: string
  number: string
  email: string
}

/**
 * Fills the spec's campaign variables: {nome}, {numero}, {email} and the company's own variables from the campaign
 * settings ({key} -> value). Unknown placeholders stay as they are.
 */
export function fillCampaignText(text: string, r: Recipient, variables: Array<{ key: string; value: string }>): string {
  const own = new Map(variables.map((v) => [v.key.toLowerCase(), v.value]))
  const builtIn: Record<string, string> = { nome: r.name, numero: r.number, email: r.email }
  return text.replace(/\{([\p{L}\p{N}_]+)\}/gu, (whole, key: string) => builtIn[key.toLowerCase()] ?? own.get(key.toLowerCase()) ?? whole)
}
