import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, normalizeLanguage } from '../i18n/languages.ts'
import { changeLanguage } from '../ui/preferences.ts'

export function LanguageMenu({ minimalLabel = false }: { minimalLabel?: boolean }) {
  const { t, i18n } = useTranslation()
  const current = normalizeLanguage(i18n.language)
  const menu = (
    <Menu aria-label={t('languages.label')}>
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          text={t(`languages.${lng}`)}
          label={lng.toUpperCase()}
          active={lng === current}
          roleStructure="listoption"
          selected={lng === current}
          onClick={() => void changeLanguage(lng)}
          data-lang={lng}
        />
      ))}
    </Menu>
  )
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false}>
      <Button
        variant="minimal"
        icon="translate"
        text={minimalLabel ? undefined : current.toUpperCase()}
        aria-label={t('languages.label')}
        title={t('languages.label')}
        data-testid="language-menu"
      />
    </PopoverNext>
  )
}
