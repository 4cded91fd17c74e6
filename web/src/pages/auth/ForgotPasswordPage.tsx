import { useState, type FormEvent } from 'react'
import { Button, Callout, InputGroup } from '@blueprintjs/core'
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import { isApiError } from '../../api/api-error.ts'
import { validateForgotEmail } from '../../lib/validation.ts'
import { toast, toastError, toastSuccess } from '../../ui/toaster.ts'
import { Field } from '../../ui/Field.tsx'
import { AuthLayout } from './AuthLayout.tsx'

export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateForgotEmail(email)
    setError(found)
    if (found) return
    setBusy(true)
    try {
      await api.post(`/forgetpassword/${encodeURIComponent(email.trim())}`, undefined, { anonymous: true })
      setSent(true)
      toastSuccess(t('auth.forgot.success'))
    } catch (err) {
      if (isApiError(err) && (err.status === 404 || err.code === 'ERR_NO_USER_FOUND')) toast(t('auth.forgot.notFound'), 'danger')
      else toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={<Link to="/login">← {t('auth.forgot.back')}</Link>}>
      {sent && (
        <Callout intent="success" icon="envelope" className="zd-auth__note" data-testid="forgot-sent">
          {t('auth.forgot.sentNote')}
        </Callout>
      )}
      <form onSubmit={submit} noValidate className="zd-auth__form">
        <Field label={t('auth.email')} htmlFor="forgot-email" error={error}>
          <InputGroup id="forgot-email" name="email" type="email" size="large" autoComplete="email" autoFocus leftIcon="envelope" value={email} onChange={(e) => setEmail(e.target.value)} intent={error ? 'danger' : 'none'} />
        </Field>
        <Button type="submit" intent="primary" size="large" fill text={t('auth.forgot.submit')} loading={busy} />
      </form>
    </AuthLayout>
  )
}
