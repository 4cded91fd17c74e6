import { useState, type FormEvent } from 'react'
import { Button, FileInput, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import { sendTest } from './send-test.ts'
import type { SentAnswer } from './types.ts'

interface Props { mode: 'text' | 'media' }

/**
 * The spec's test form: token, number and body (text) or file (media), sent to the real endpoint with that token;
 * the answer (or the refusal, in the user's language) is shown below.
 */
export function TestForm({ mode }: Props) {
  const { t } = useTranslation('external-api')
  const [token, setToken] = useState('')
  const [number, setNumber] = useState('')
  const [body, setBody] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [sending, setSending] = useState(false)
  const [answer, setAnswer] = useState<SentAnswer | null>(null)
  const id = (name: string) => `extapi-${mode}-${name}`
  const ready = token.trim() !== '' && number.trim() !== '' && (mode === 'text' ? body.trim() !== '' : file !== null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!ready || sending) return
    setSending(true)
    setAnswer(null)
    try {
      const sent = await sendTest(token, mode === 'text' ? { number, body } : { number, file })
      setAnswer(sent)
      toastSuccess(t('sent'))
    } catch (err) {
      toastError(err)
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="zd-extapi-form" onSubmit={(e) => void submit(e)} data-testid={`extapi-form-${mode}`}>
      <Field label={t('form.token')} htmlFor={id('token')}>
        <InputGroup id={id('token')} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
      </Field>
      <Field label={t('form.number')} htmlFor={id('number')} hint={t('form.numberHint')}>
        <InputGroup id={id('number')} inputMode="tel" value={number} placeholder="5511999990000" onChange={(e) => setNumber(e.target.value)} />
      </Field>
      {mode === 'text' ? (
        <Field label={t('form.body')} htmlFor={id('body')}>
          <TextArea id={id('body')} fill rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        </Field>
      ) : (
        <Field label={t('form.file')} htmlFor={id('file')}>
          <FileInput fill hasSelection={file !== null} text={file?.name ?? t('form.chooseFile')} buttonText={t('form.browse')}
            inputProps={{ id: id('file'), onChange: (e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null) }} />
        </Field>
      )}
      <Button type="submit" intent="primary" icon="send-message" text={t('form.send')} loading={sending} disabled={!ready} data-testid={`extapi-send-${mode}`} />
      {answer && (
        <pre className="zd-extapi-answer" data-testid={`extapi-answer-${mode}`}>{JSON.stringify(answer, null, 2)}</pre>
      )}
    </form>
  )
}
