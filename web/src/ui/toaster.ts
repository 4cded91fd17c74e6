import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core'
import { i18n } from '../i18n/i18n.ts'
import { isApiError } from '../api/api-error.ts'

/** Spec: toasts close after 2 s (core) to 3 s (administration); errors get the longer time to be read. */
export const TOAST_MS = { success: 2000, primary: 2500, warning: 3000, danger: 3000 } as const
type ToastIntent = keyof typeof TOAST_MS

let toaster: Promise<Toaster> | null = null
const getToaster = () => (toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4, className: 'zd-toaster' }))

/** A `key` makes a repeated toast replace the one on screen instead of stacking a copy. */
export function toast(message: string, intent: ToastIntent = 'success', timeout?: number, key?: string): void {
  const icon = intent === 'success' ? 'tick-circle' : intent === 'danger' ? 'error' : intent === 'warning' ? 'warning-sign' : 'info-sign'
  void getToaster().then((t) => t.show({ message, intent, icon, timeout: timeout ?? TOAST_MS[intent] }, key))
}

export const toastSuccess = (message: string) => toast(message, 'success')
export const toastInfo = (message: string) => toast(message, 'primary')
export const toastWarning = (message: string, timeout?: number, key?: string) => toast(message, 'warning', timeout, key)

/** Where error texts live: the shell's `errors`, then each loaded module's own (`<module>:errors.ERR_...`). */
function errorNamespaces(): string[] {
  const loaded = Object.keys(i18n.store?.data?.[i18n.language] ?? {})
  return ['core', ...loaded.filter((ns) => ns !== 'core')]
}

const knownCode = (code: string | null | undefined): code is string => !!code && i18n.exists(`errors.${code}`, { ns: errorNamespaces() })

/** The text of a failure: the translation of its ERR_* code when there is one, else the raw message. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (knownCode(error.code)) return i18n.t(`errors.${error.code}`, { ns: errorNamespaces() })
    return error.message
  }
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : i18n.t('common.operationFailed')
}

/** An aborted request (page left, newer search typed, session ended) is not a failure the user should see. */
const aborted = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError'

export function toastError(error: unknown): void {
  if (aborted(error)) return
  const text = errorText(error)
  toast(text, 'danger', undefined, text)
}

/** A failure with a known code says what went wrong; anything else gets the screen's own message. */
export function toastFailure(error: unknown, fallback: string): void {
  if (aborted(error)) return
  if (isApiError(error) && knownCode(error.code) && error.code !== 'ERR_INTERNAL') toastError(error)
  else toast(fallback, 'danger', 4000)
}
