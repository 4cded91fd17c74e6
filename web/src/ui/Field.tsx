import { FormGroup } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  label: ReactNode
  htmlFor?: string
  /** An i18n key from the validation rules, or a ready text. */
  error?: string | null
  hint?: ReactNode
  children: ReactNode
  className?: string
}

/** A labelled form field that shows its validation message in the current language. */
export function Field({ label, htmlFor, error, hint, children, className }: Props) {
  const { t } = useTranslation()
  return (
    <FormGroup label={label} labelFor={htmlFor} intent={error ? 'danger' : 'none'} helperText={error ? t(error) : hint} className={className}>
      {children}
    </FormGroup>
  )
}
