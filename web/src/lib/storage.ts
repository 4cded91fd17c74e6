/** Local storage keys. The first seven are the spec's; the rest are the shell's own preferences. */
export const STORAGE_KEYS = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  companyDueDate: 'companyDueDate',
  cshow: 'cshow',
  tasks: 'tasks',
  preferredTheme: 'preferredTheme',
  volume: 'volume',
  language: 'language',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/** The part of Storage the shell uses, so tests can pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (k) => (map.has(k) ? (map.get(k) as string) : null),
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  }
}

/** Browser storage when present (and usable), else memory: private modes can throw on access. */
export function browserStore(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') {
      localStorage.getItem(STORAGE_KEYS.token)
      return localStorage
    }
  } catch {
    // fall through to memory
  }
  return memoryStore()
}

export const store: KeyValueStore = browserStore()

export function readJson<T>(key: StorageKey, fallback: T, kv: KeyValueStore = store): T {
  const raw = kv.getItem(key)
  if (raw == null) return fallback
  try {
    return JSON.parse(raw) as T
  } catch {
    return fallback
  }
}

export function writeJson(key: StorageKey, value: unknown, kv: KeyValueStore = store): void {
  kv.setItem(key, JSON.stringify(value))
}

/** Keys a sign-out removes; preferences (theme, language, volume, tasks) stay with the browser. */
const SESSION_KEYS: StorageKey[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.companyDueDate,
  STORAGE_KEYS.cshow,
]

export function clearSessionKeys(kv: KeyValueStore = store): void {
  for (const key of SESSION_KEYS) kv.removeItem(key)
}
