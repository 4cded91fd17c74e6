import type { ReactNode } from 'react'
import { Button, Card } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../PageSpinner.tsx'
import type { FormState } from './use-form.ts'
import { DiscardAlert } from './DiscardAlert.tsx'

export interface InlineFormProps<V extends object> {
  form: FormState<V>
  title: ReactNode
  /** Buttons before clear/save (delete, add a period, ...). */
  actions?: ReactNode
  testId?: string
  saveTestId?: string
  saveText?: string
  /** Without a Clear button (a form that only adds, e.g. a post box). */
  noClear?: boolean
  children: ReactNode
}

/**
 * A form of the CRUD kit that sits on the page above its table (the settings tabs): pick a row to edit it, Clear
 * starts a new item (asking before unsaved changes go), Save keeps it.
 */
export function InlineForm<V extends object>({ form, title, actions, testId, saveTestId, saveText, noClear, children }: InlineFormProps<V>) {
  const { t } = useTranslation()
  return (
    <Card className="zd-section-card">
      <h2 className="zd-section-title">{title}</h2>
      <form onSubmit={form.onSubmit} noValidate data-testid={testId}>
        {form.loading ? <PageSpinner /> : children}
        <div className="zd-form-actions">
          {actions}
          <span className="zd-spacer" />
          {!noClear && <Button text={t('common.clear')} variant="minimal" onClick={form.requestClose} />}
          <Button type="submit" intent="primary" icon="floppy-disk" text={saveText ?? t('common.save')} loading={form.saving} disabled={form.loading} data-testid={saveTestId} />
        </div>
      </form>
      <DiscardAlert discard={form.discard} />
    </Card>
  )
}
