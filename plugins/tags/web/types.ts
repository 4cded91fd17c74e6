/** A tag as the API answers it (see plugins/tags/server/dto.ts). */
export interface Tag {
  id: number
  name: string
  color: string
  kanban: 0 | 1
  ticketsCount: number
}

/** Black or white text, whichever reads better on the tag's colour (hex colours; names get white). */
export function textOn(color: string): string {
  const hex = color.replace('#', '')
  const full = hex.length === 3 ? hex.split('').map((c) => c + c).join('') : hex.slice(0, 6)
  if (!/^[0-9a-f]{6}$/i.test(full)) return '#fff'
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16))
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1c2127' : '#fff'
}

/** Spec: name required, at least 3 characters ('Mensagem muito curta'); colour 3-9 characters. */
export function validateTag(v: { name: string; color: string }): Partial<Record<'name' | 'color', string>> {
  const errors: Partial<Record<'name' | 'color', string>> = {}
  const name = v.name.trim()
  if (!name) errors.name = 'tags:validation.required'
  else if (name.length < 3) errors.name = 'tags:validation.tooShort'
  else if (name.length > 100) errors.name = 'tags:validation.tooLong'
  if (!/^#?[0-9A-Za-z]{2,8}$/.test(v.color) || v.color.length < 3 || v.color.length > 9) errors.color = 'tags:validation.color'
  return errors
}
