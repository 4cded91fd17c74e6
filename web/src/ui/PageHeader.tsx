import type { ReactNode } from 'react'

interface Props {
  title: ReactNode
  subtitle?: ReactNode
  count?: ReactNode
  actions?: ReactNode
}

export function PageHeader({ title, subtitle, count, actions }: Props) {
  return (
    <header className="zd-page-header">
      <div className="zd-page-header__text">
        <h1 className="zd-page-title">
          {title}
          {count != null && <span className="zd-page-count">{count}</span>}
        </h1>
        {subtitle && <p className="zd-page-subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="zd-page-header__actions">{actions}</div>}
    </header>
  )
}
