import { useState } from 'react'
import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'

export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <InputGroup
      {...props}
      type={shown ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
          title={shown ? t('common.hidePassword') : t('common.showPassword')}
          onClick={() => setShown((v) => !v)}
          tabIndex={-1}
        />
      }
    />
  )
}
