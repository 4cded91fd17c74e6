import { useState, type FormEvent } from 'react'
import { Button, FileInput, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import { injectPayload, mediaOf, validateInject, type InjectErrors } from './sandbox.ts'

interface Props {
  connectionId: number
  onInjected: () => void
}

const empty = { from: '', name: '', body: '' }

/** Makes a message "arrive" on the sandbox from a simulated phone (POST /sandbox/:id/messages). */
export function SandboxInjectForm({ connectionId, onInjected }: Props) {
  const { t } = useTranslation('connections')
  const [draft, setDraft] = useState(empty)
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<InjectErrors>({})
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<typeof empty>) => setDraft((d) => ({ ...d, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateInject(draft, file)
    setErrors(found)
    if (Object.keys(found).length) return
    setSending(true)
    try {
      await api.post(`/sandbox/${connectionId}/messages`, injectPayload(draft, file ? await mediaOf(file) : null))
      toastSuccess(t('sandbox.sent'))
      // the same sender is likely to write again: keep the number and name
      setDraft((d) => ({ ...d, body: '' }))
      setFile(null)
      onInjected()
    } catch (err) {
      toastError(err)
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-inject">
      <h4 className="zd-section-title">{t('sandbox.inject')}</h4>
      <div className="zd-grid-2">
        <Field label={t('sandbox.from')} htmlFor="sandbox-from" error={errors.from} hint={t('sandbox.fromHint')}>
          <InputGroup id="sandbox-from" name="from" inputMode="tel" placeholder="5511987654321" value={draft.from} intent={errors.from ? 'danger' : 'none'} onChange={(e) => set({ from: e.target.value })} />
        </Field>
        <Field label={t('sandbox.name')} htmlFor="sandbox-name">
          <InputGroup id="sandbox-name" name="name" maxLength={100} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
      </div>
      <Field label={t('sandbox.body')} htmlFor="sandbox-body" error={errors.body}>
        <TextArea id="sandbox-body" name="body" fill autoResize rows={2} value={draft.body} intent={errors.body ? 'danger' : 'none'} onChange={(e) => set({ body: e.target.value })} />
      </Field>
      <Field label={t('sandbox.file')} htmlFor="sandbox-file" error={errors.file}>
        <div className="zd-inline-form">
          <FileInput
            fill text={file?.name ?? t('sandbox.chooseFile')} buttonText={t('sandbox.browse')} hasSelection={!!file}
            inputProps={{ id: 'sandbox-file', name: 'file', onChange: (e) => setFile(e.currentTarget.files?.[0] ?? null) }}
          />
          {file && <Button icon="cross" variant="minimal" aria-label={t('sandbox.removeFile')} title={t('sandbox.removeFile')} onClick={() => setFile(null)} />}
        </div>
      </Field>
      <Button type="submit" intent="warning" icon="send-message" text={t('sandbox.send')} loading={sending} data-testid="sandbox-send" />
    </form>
  )
}
