import { useState, type KeyboardEvent } from 'react'
import { Button, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'

interface Props {
  initial?: { title: string; message: string | null }
  onSave: (values: { title: string; message: string }) => Promise<void>
  onCancel: () => void
}

/**
 * The inline form of one option (new or edited). It sits inside the queue dialog's form, so it is no <form> of its
 * own: Enter in the title saves the option instead of submitting the queue.
 */
export function OptionDraft({ initial, onSave, onCancel }: Props) {
  const { t } = useTranslation('queues')
  const [title, setTitle] = useState(initial?.title ?? '')
  const [message, setMessage] = useState(initial?.message ?? '')
  const [error, setError] = useState(false)
  const [saving, setSaving] = useState(false)

  async function save() {
    if (!title.trim()) return setError(true)
    setSaving(true)
    try {
      await onSave({ title: title.trim(), message })
    } finally {
      setSaving(false)
    }
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      void save()
    } else if (e.key === 'Escape') {
      e.stopPropagation()
      onCancel()
    }
  }

  return (
    <div className="zd-option-draft" data-testid="option-draft">
      <InputGroup name="option-title" placeholder={t('options.title')} aria-label={t('options.title')} value={title} autoFocus maxLength={100}
        intent={error ? 'danger' : 'none'} onKeyDown={onKey} onChange={(e) => { setTitle(e.target.value); setError(false) }} />
      {error && <span className="zd-field-error">{t('validation.required')}</span>}
      <TextArea name="option-message" placeholder={t('options.message')} aria-label={t('options.message')} fill autoResize rows={2} value={message}
        onChange={(e) => setMessage(e.target.value)} />
      <div className="zd-option-draft__actions">
        <Button variant="minimal" text={t('core:common.cancel')} onClick={onCancel} />
        <Button intent="primary" icon="tick" text={t('core:common.save')} loading={saving} onClick={() => void save()} data-testid="option-save" />
      </div>
    </div>
  )
}
