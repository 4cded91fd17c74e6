import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toastError, toastFailure, toastSuccess } from '../toaster.ts'
import { fieldErrorsOf } from './server-errors.ts'

/** A field's message: an i18n key of the validation rules or a ready text (Field translates keys). */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>

export interface UseFormOptions<V, R> {
  /** A dialog's open state; an inline form is always open. */
  open: boolean
  /** The values a new item starts with, or a loader for the item being edited (a failed load toasts and closes). */
  initial: V | (() => Promise<V>)
  /** The form starts again when this changes while open (e.g. the edited item's id). */
  resetKey?: unknown
  validate?: (values: V) => FieldErrors<V>
  /** Saves the values; its answer goes to onSaved. */
  submit: (values: V) => Promise<R>
  /** Server error codes shown under a field instead of as a toast, e.g. `{ ERR_DUPLICATED_EMAIL: 'email' }`; schema
   * errors (`ERR_VALIDATION` on `body/<field>`) land on the form's fields by name. */
  fieldCodes?: Partial<Record<string, keyof V & string>>
  /** Shown as a toast after a save. */
  successText?: string
  /** The toast of a failed save whose code is not a known one (else the server's message is shown). */
  failureText?: string
  onSaved?: (saved: R) => void
  onClose: () => void
  /** Stay open after saving (e.g. a new queue keeps its dialog so its options can be built). */
  keepOpen?: (saved: R) => boolean
  /** Called with the fields' errors when a save is refused, here or by the server (e.g. to show their tab). */
  onInvalid?: (errors: FieldErrors<V>) => void
}

export interface FormState<V> {
  open: boolean
  values: V
  errors: FieldErrors<V>
  /** Merges a change; the changed fields' messages go until the next save. */
  set: (patch: Partial<V>) => void
  setErrors: (errors: FieldErrors<V>) => void
  loading: boolean
  saving: boolean
  /** The values differ from those loaded: closing asks first. */
  dirty: boolean
  onSubmit: (event?: FormEvent) => Promise<void>
  /** Close (a dialog) or clear (an inline form) from the X, Esc, Cancel or Clear: asks before throwing changes away. */
  requestClose: () => void
  discard: { asking: boolean; confirm: () => void; cancel: () => void }
}

/** Files stringify as `{}`: compare them by what tells them apart. */
const fileAware = (_key: string, v: unknown) => (typeof File !== 'undefined' && v instanceof File ? `file:${v.name}:${v.size}:${v.lastModified}` : v)
const same = (a: unknown, b: unknown) => JSON.stringify(a, fileAware) === JSON.stringify(b, fileAware)

/**
 * The state half of a form (a FormDialog's or an InlineForm's): loads or resets the values when it opens, validates,
 * saves, maps the server's validation codes to fields, and guards unsaved changes on close.
 */
export function useForm<V extends object, R = unknown>(options: UseFormOptions<V, R>): FormState<V> {
  const opts = useRef(options)
  opts.current = options
  const start = typeof options.initial === 'function' ? null : options.initial
  const [values, setValues] = useState<V>(() => start ?? ({} as V))
  const [baseline, setBaseline] = useState<V>(() => start ?? ({} as V))
  const [errors, setErrors] = useState<FieldErrors<V>>({})
  // Which opening the values belong to: until they are set for this one (loaded or reset), the form is loading, so
  // no render shows another item's values or an empty object where a loader's answer is due.
  const [shownFor, setShownFor] = useState<{ key: unknown; round: number } | null>(null)
  const [saving, setSaving] = useState(false)
  const [asking, setAsking] = useState(false)
  // A save that leaves the form open on the same item (an inline form's new item) starts it again.
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!options.open) {
      setShownFor(null)
      return
    }
    let live = true
    const reset = (v: V) => {
      setValues(v)
      setBaseline(v)
      setShownFor({ key: opts.current.resetKey, round })
    }
    setErrors({})
    setAsking(false)
    const { initial } = opts.current
    if (typeof initial !== 'function') {
      reset(initial)
      return
    }
    initial()
      .then((v) => live && reset(v))
      .catch((e) => {
        if (!live) return
        toastError(e)
        opts.current.onClose()
      })
    return () => {
      live = false
    }
  }, [options.open, options.resetKey, round])

  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))) as FieldErrors<V>)
  }

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault()
    const o = opts.current
    const found = o.validate?.(values) ?? {}
    setErrors(found)
    if (Object.keys(found).length) {
      o.onInvalid?.(found)
      return
    }
    setSaving(true)
    try {
      const saved = await o.submit(values)
      if (o.successText) toastSuccess(o.successText)
      setBaseline(values)
      o.onSaved?.(saved)
      if (!o.keepOpen?.(saved)) {
        o.onClose()
        setRound((r) => r + 1)
      }
    } catch (err) {
      const onFields = fieldErrorsOf(err, o.fieldCodes ?? {}, Object.keys(values))
      if (onFields) {
        setErrors(onFields as FieldErrors<V>)
        o.onInvalid?.(onFields as FieldErrors<V>)
      } else if (o.failureText) toastFailure(err, o.failureText)
      else toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const loading = options.open && !(shownFor && Object.is(shownFor.key, options.resetKey) && shownFor.round === round)
  const dirty = !loading && !same(values, baseline)
  return {
    open: options.open, values, errors, set, setErrors, loading, saving, dirty, onSubmit,
    requestClose: () => (dirty && !saving ? setAsking(true) : opts.current.onClose()),
    discard: {
      asking,
      confirm: () => {
        setAsking(false)
        opts.current.onClose()
      },
      cancel: () => setAsking(false),
    },
  }
}
