import { useState } from 'react'
import { toastError, toastSuccess } from '../toaster.ts'

export interface ConfirmDelete<T> {
  /** The item waiting for confirmation, or null. */
  target: T | null
  busy: boolean
  ask: (item: T) => void
  cancel: () => void
  confirm: () => Promise<void>
}

/**
 * Deleting with a confirmation: `ask(item)` opens the dialog, `confirm()` runs the delete call, then `onDeleted`
 * and a success toast; a failure is toasted and the dialog stays open to try again or cancel.
 */
export function useConfirmDelete<T>(remove: (item: T) => Promise<unknown>, onDeleted: (item: T) => void, successText: string): ConfirmDelete<T> {
  const [target, setTarget] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)
  async function confirm() {
    if (target === null) return
    setBusy(true)
    try {
      await remove(target)
      onDeleted(target)
      toastSuccess(successText)
      setTarget(null)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }
  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm }
}
