import { useEffect, useState, type FormEvent } from 'react'
import { Button, Callout, InputGroup } from '@blueprintjs/core'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Plan } from '../../api/types.ts'
import { maskPhone } from '../../lib/masks.ts'
import { hasErrors, validateSignup, type Errors, type SignupValues } from '../../lib/validation.ts'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import { Field } from '../../ui/Field.tsx'
import { PasswordInput } from '../../ui/PasswordInput.tsx'
import { AuthLayout } from './AuthLayout.tsx'
import { defaultPlanId, signupPayload } from './signup-payload.ts'

export default function SignupPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [values, setValues] = useState<SignupValues>({ name: '', userName: '', email: '', phone: '', password: '' })
  const [errors, setErrors] = useState<Errors<SignupValues>>({})
  // The spec has no plan picker: the trial is plan 2's (or the first offered one when plan 2 is not offered).
  const [plan, setPlan] = useState<Plan | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    api.get<Plan[]>('/plans/list', { anonymous: true }).then(
      (list) => {
        const offered = Array.isArray(list) ? list : []
        setPlan(offered.find((p) => p.id === defaultPlanId(offered)) ?? null)
      },
      () => setPlan(null),
    )
  }, [])

  const set = (patch: Partial<SignupValues>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateSignup(values)
    setErrors(found)
    if (hasErrors(found)) return
    setBusy(true)
    try {
      await api.post('/companies/cadastro', signupPayload({ ...values, planId: plan?.id }, new Date(), params.get('companyId')), { anonymous: true })
      toastSuccess(t('auth.signup.success'))
      navigate('/login', { replace: true })
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={<>{t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.login')}</Link></>}
    >
      <Callout intent="success" icon="star" className="zd-trial-note" compact>{t('auth.signup.trialNote')}</Callout>
      <form onSubmit={submit} noValidate className="zd-auth__form">
        <Field label={t('auth.signup.companyName')} htmlFor="signup-name" error={errors.name}>
          <InputGroup id="signup-name" name="name" autoFocus leftIcon="office" value={values.name} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
        </Field>
        <Field label={t('auth.signup.userName')} htmlFor="signup-user-name" error={errors.userName}>
          <InputGroup id="signup-user-name" name="userName" autoComplete="name" leftIcon="person" value={values.userName} onChange={(e) => set({ userName: e.target.value })} intent={errors.userName ? 'danger' : 'none'} />
        </Field>
        <Field label={t('auth.email')} htmlFor="signup-email" error={errors.email}>
          <InputGroup id="signup-email" name="email" type="email" autoComplete="email" leftIcon="envelope" value={values.email} onChange={(e) => set({ email: e.target.value })} intent={errors.email ? 'danger' : 'none'} />
        </Field>
        <Field label={t('auth.signup.phone')} htmlFor="signup-phone">
          <InputGroup id="signup-phone" name="phone" type="tel" inputMode="numeric" leftIcon="phone" placeholder="(99) 99999-9999" maxLength={15} value={values.phone} onChange={(e) => set({ phone: maskPhone(e.target.value) })} />
        </Field>
        <Field label={t('auth.password')} htmlFor="signup-password" error={errors.password}>
          <PasswordInput id="signup-password" name="password" autoComplete="new-password" leftIcon="lock" value={values.password} onChange={(e) => set({ password: e.target.value })} intent={errors.password ? 'danger' : 'none'} />
        </Field>
        <Button type="submit" intent="primary" size="large" fill text={t('auth.signup.submit')} loading={busy} data-testid="signup-submit" />
      </form>
    </AuthLayout>
  )
}
