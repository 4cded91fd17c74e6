/** Spec: the quick-message autocomplete opens when the input starts with '/' and has more than one character. */
export const QUICK_PREVIEW_CHARS = 35

export interface ShortcodeItem {
  shortcode: string
  message: string
}

/** The typed shortcode fragment, or null when the autocomplete should stay closed. */
export function quickTerm(input: string): string | null {
  if (!input.startsWith('/') || input.length <= 1 || input.includes('\n')) return null
  return input.slice(1).toLowerCase()
}

export function matchQuickMessages<T extends ShortcodeItem>(input: string, all: T[]): T[] {
  const term = quickTerm(input)
  if (term === null) return []
  return all.filter((q) => q.shortcode.toLowerCase().includes(term))
}

export function truncatePreview(text: string, max = QUICK_PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}...` : flat
}
