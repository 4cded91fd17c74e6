import { useState, type FormEvent } from 'react'
import { Button } from '@blueprintjs/core'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import { validateNewPassword } from '../../lib/validation.ts'
import { toast, toastSuccess } from '../../ui/toaster.ts'
import { Field } from '../../ui/Field.tsx'
import { PasswordInput } from '../../ui/PasswordInput.tsx'
import { AuthLayout } from './AuthLayout.tsx'

/** The recovery link carries the token and the email in the path (/resetpsw/:hash/:email) or the query string. */
export default function ResetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const params = useParams()
  const [query] = useSearchParams()
  const hash = params.hash ?? query.get('hash') ?? query.get('token')
  const email = params.email ?? query.get('email')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({})
  const [busy, setBusy] = useState(false)

  if (!hash || !email) return <Navigate to="/login" replace />

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateNewPassword(password, confirm)
    setErrors(found)
    if (found.password || found.confirm) return
    setBusy(true)
    try {
      await api.post('/resetpasswords', { email, tokenSenha: hash, newPassword: password }, { anonymous: true })
      toastSuccess(t('auth.reset.success'))
      navigate('/login', { replace: true })
    } catch {
      toast(t('auth.reset.expired'), 'danger')
      setBusy(false)
    }
  }

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle', { email })}
      footer={<><Link to="/login">{t('auth.reset.login')}</Link> · <Link to="/signup">{t('auth.reset.signup')}</Link></>}
    >
      <form onSubmit={submit} noValidate className="zd-auth__form">
        <Field label={t('auth.reset.newPassword')} htmlFor="reset-password" error={errors.password} hint={t('auth.reset.hint')}>
          <PasswordInput id="reset-password" name="password" size="large" autoComplete="new-password" autoFocus leftIcon="lock" value={password} onChange={(e) => setPassword(e.target.value)} intent={errors.password ? 'danger' : 'none'} />
        </Field>
        <Field label={t('auth.reset.confirmPassword')} htmlFor="reset-confirm" error={errors.confirm}>
          <PasswordInput id="reset-confirm" name="confirm" size="large" autoComplete="new-password" leftIcon="lock" value={confirm} onChange={(e) => setConfirm(e.target.value)} intent={errors.confirm ? 'danger' : 'none'} />
        </Field>
        <Button type="submit" intent="primary" size="large" fill text={t('auth.reset.submit')} loading={busy} />
      </form>
    </AuthLayout>
  )
}
