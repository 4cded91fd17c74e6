import type { ReactNode } from 'react'
import { Button, Icon } from '@blueprintjs/core'
import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { BrandMark } from '../../ui/BrandMark.tsx'
import { LanguageMenu } from '../../layout/LanguageMenu.tsx'
import { themeAtom } from '../../ui/preferences.ts'

interface Props {
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}

/** The public screens: the product's promise on the left, one focused form on the right. */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  const { t } = useTranslation()
  const [theme, setTheme] = useAtom(themeAtom)
  return (
    <div className="zd-auth">
      <section className="zd-auth__brand" aria-hidden="true">
        <div className="zd-auth__logo">
          <BrandMark size={40} />
          <span>{t('common.appName')}</span>
        </div>
        <div className="zd-auth__pitch">
          <h2>{t('auth.brandTitle')}</h2>
          <p>{t('auth.brandText')}</p>
          <ul>
            <li><Icon icon="layers" /> {t('auth.brandPoints.queues')}</li>
            <li><Icon icon="people" /> {t('auth.brandPoints.team')}</li>
            <li><Icon icon="timeline-line-chart" /> {t('auth.brandPoints.insights')}</li>
          </ul>
        </div>
        <ChatIllustration />
      </section>
      <section className="zd-auth__panel">
        <div className="zd-auth__tools">
          <LanguageMenu />
          <Button variant="minimal" icon={theme === 'dark' ? 'flash' : 'moon'} aria-label={theme === 'dark' ? t('topbar.lightMode') : t('topbar.darkMode')} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} />
        </div>
        <div className="zd-auth__card">
          <div className="zd-auth__mobile-logo">
            <BrandMark size={36} />
            <span>{t('common.appName')}</span>
          </div>
          <h1 className="zd-auth__title">{title}</h1>
          {subtitle && <p className="zd-auth__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="zd-auth__footer">{footer}</div>}
        </div>
      </section>
    </div>
  )
}

function ChatIllustration() {
  const { t } = useTranslation()
  return (
    <div className="zd-auth__chat">
      <div className="zd-bubble zd-bubble--in">{t('auth.demo.in1')}</div>
      <div className="zd-bubble zd-bubble--out">{t('auth.demo.out1')}</div>
      <div className="zd-bubble zd-bubble--in">{t('auth.demo.in2')}</div>
    </div>
  )
}
