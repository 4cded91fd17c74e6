import { useState, type FormEvent } from 'react'
import { Button, Callout, InputGroup } from '@blueprintjs/core'
import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { login } from '../../session/session-service.ts'
import { appStore, sessionEndReasonAtom } from '../../session/session-atoms.ts'
import { subscriptionState } from '../../session/subscription.ts'
import { formatDate } from '../../lib/dates.ts'
import { email as emailRule, required } from '../../lib/validation.ts'
import { errorText, toast, toastError, toastSuccess } from '../../ui/toaster.ts'
import { ApiError } from '../../api/api-error.ts'
import { Field } from '../../ui/Field.tsx'
import { PasswordInput } from '../../ui/PasswordInput.tsx'
import { AuthLayout } from './AuthLayout.tsx'

export default function LoginPage() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({})
  const [busy, setBusy] = useState(false)
  const endedBecause = useAtomValue(sessionEndReasonAtom, { store: appStore })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = { email: required(email) ?? emailRule(email), password: required(password) }
    setErrors(found)
    if (found.email || found.password) return
    setBusy(true)
    try {
      const user = await login(email.trim(), password)
      // the public-route guard moves on as soon as the session exists; these toasts say why and where
      const sub = subscriptionState(user.company?.dueDate)
      const date = formatDate(user.company?.dueDate)
      if (sub.overdue && !user.super) toast(t('auth.login.expired', { date }), 'danger', 6000)
      else {
        toastSuccess(t('auth.login.success'))
        if (sub.warn && sub.daysLeft !== null) {
          toast(sub.daysLeft === 0 ? t('auth.login.dueToday') : t('auth.login.dueSoon', { count: sub.daysLeft }), 'warning', 5000)
        }
      }
    } catch (err) {
      toastError(err)
      setBusy(false)
    }
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to="/signup">{t('auth.login.register')}</Link>
        </>
      }
    >
      {endedBecause && (
        <Callout intent="warning" icon="warning-sign" className="zd-auth__note" data-testid="session-ended">
          {errorText(new ApiError(401, endedBecause, endedBecause))}
        </Callout>
      )}
      <form onSubmit={submit} noValidate className="zd-auth__form">
        <Field label={t('auth.email')} htmlFor="login-email" error={errors.email}>
          <InputGroup id="login-email" name="email" type="email" size="large" autoComplete="email" autoFocus leftIcon="envelope" value={email} onChange={(e) => setEmail(e.target.value)} intent={errors.email ? 'danger' : 'none'} />
        </Field>
        <Field label={t('auth.password')} htmlFor="login-password" error={errors.password}>
          <PasswordInput id="login-password" name="password" size="large" autoComplete="current-password" leftIcon="lock" value={password} onChange={(e) => setPassword(e.target.value)} intent={errors.password ? 'danger' : 'none'} />
        </Field>
        <div className="zd-auth__row">
          <Link to="/forgetpsw" className="zd-link-small">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="submit" intent="primary" size="large" fill text={t('auth.login.submit')} loading={busy} data-testid="login-submit" />
      </form>
    </AuthLayout>
  )
}
