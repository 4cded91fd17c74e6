import type { ReactNode } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../PageSpinner.tsx'
import type { FormState } from './use-form.ts'
import { DiscardAlert } from './DiscardAlert.tsx'

export interface FormDialogProps<V extends object> {
  form: FormState<V>
  title: ReactNode
  icon?: IconName
  /** Extra classes of the dialog (e.g. a wider one). */
  className?: string
  /** data-testid of the form and of the save button. */
  testId?: string
  saveTestId?: string
  cancelTestId?: string
  saveText?: string
  cancelText?: string
  /** The save button is off (e.g. nothing chosen yet). */
  saveDisabled?: boolean
  /** Footer content on the left (a hint, an upload's progress). */
  footerInfo?: ReactNode
  children: ReactNode
}

/**
 * A form dialog of the CRUD kit: the fields (a spinner while the edited item loads), a cancel/save footer with the
 * save in progress, Enter to save, and a confirmation before closing over unsaved changes.
 */
export function FormDialog<V extends object>({ form, title, icon, className, testId, saveTestId, cancelTestId, saveText, cancelText, saveDisabled, footerInfo, children }: FormDialogProps<V>) {
  const { t } = useTranslation()
  return (
    <Dialog isOpen={form.open} onClose={form.requestClose} title={title} icon={icon} className={`zd-dialog${className ? ` ${className}` : ''}`}>
      <form onSubmit={form.onSubmit} noValidate data-testid={testId}>
        <DialogBody>{form.loading ? <PageSpinner /> : children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={cancelText ?? t('common.cancel')} onClick={form.requestClose} variant="minimal" data-testid={cancelTestId} />
              <Button type="submit" intent="primary" text={saveText ?? t('common.save')} loading={form.saving} disabled={form.loading || saveDisabled} data-testid={saveTestId} />
            </>
          }
        >
          {footerInfo}
        </DialogFooter>
      </form>
      <DiscardAlert discard={form.discard} />
    </Dialog>
  )
}
