import { useEffect, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, FileInput, InputGroup, Switch, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import type { QuickMessage } from './types.ts'

interface Props {
  open: boolean
  /** Edit this message; absent creates one. */
  current?: QuickMessage
  onClose: () => void
  onSaved: (q: QuickMessage) => void
}

const MEDIA_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp3,.ogg,.oga,.opus,.m4a,.mp4,.pdf,.txt,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip'

/** Saves the text first, then the chosen file (the upload needs the message's id). */
export function QuickMessageDialog({ open, current, onClose, onSaved }: Props) {
  const { t } = useTranslation('quick-messages')
  const [values, setValues] = useState({ shortcode: '', message: '', geral: false, status: true })
  const [file, setFile] = useState<File | null>(null)
  const [hasMedia, setHasMedia] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setValues(current ? { shortcode: current.shortcode, message: current.message, geral: current.geral, status: current.status } : { shortcode: '', message: '', geral: false, status: true })
    setHasMedia(current?.mediaName ?? null)
    setFile(null)
    setError(null)
  }, [open, current])

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!values.shortcode.trim()) {
      setError(t('dialog.required'))
      return
    }
    setSaving(true)
    try {
      const body = { ...values, shortcode: values.shortcode.trim() }
      let saved = current ? await api.put<QuickMessage>(`/quick-messages/${current.id}`, body) : await api.post<QuickMessage>('/quick-messages', body)
      if (current?.mediaName && !hasMedia && !file) saved = await api.del<QuickMessage>(`/quick-messages/${saved.id}/media-upload`)
      if (file) {
        const form = new FormData()
        form.append('typeArch', 'quickMessage')
        form.append('file', file)
        saved = await api.post<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, form)
      }
      toastSuccess(t('saved'))
      onSaved(saved)
      onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }))
  const attachmentName = file?.name ?? hasMedia
  return (
    <Dialog isOpen={open} onClose={onClose} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="flash" className="zd-dialog">
      <form onSubmit={submit} noValidate data-testid="quick-message-form">
        <DialogBody>
          <Field label={t('dialog.shortcode')} htmlFor="qm-shortcode" error={error} hint={t('dialog.shortcodeHint')}>
            <InputGroup id="qm-shortcode" leftIcon="slash" value={values.shortcode} autoFocus maxLength={100} onChange={(e) => { setError(null); set({ shortcode: e.target.value.replace(/^\//, '') }) }} intent={error ? 'danger' : 'none'} />
          </Field>
          <Field label={t('dialog.message')} htmlFor="qm-message">
            <TextArea id="qm-message" fill rows={5} value={values.message} maxLength={10_000} onChange={(e) => set({ message: e.target.value })} />
          </Field>
          <Switch checked={values.geral} label={t('dialog.geral')} onChange={(e) => set({ geral: e.currentTarget.checked })} data-testid="qm-geral" />
          <Switch checked={values.status} label={t('dialog.status')} onChange={(e) => set({ status: e.currentTarget.checked })} />
          <Field label={t('dialog.attachment')} htmlFor="qm-file">
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <FileInput fill text={attachmentName ?? t('dialog.attach')} hasSelection={!!attachmentName} buttonText={t('dialog.browse')} inputProps={{ id: 'qm-file', accept: MEDIA_ACCEPT } as never}
                onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} data-testid="qm-file" />
              {attachmentName && (
                <Button variant="minimal" icon="trash" intent="danger" title={t('dialog.removeAttachment')} aria-label={t('dialog.removeAttachment')} onClick={() => { setFile(null); setHasMedia(null) }} />
              )}
            </div>
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('core:common.cancel')} onClick={onClose} variant="minimal" />
              <Button type="submit" intent="primary" text={t('core:common.save')} loading={saving} data-testid="quick-message-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
