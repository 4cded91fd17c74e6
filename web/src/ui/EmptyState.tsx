import { NonIdealState, type IconName } from '@blueprintjs/core'
import type { ReactNode } from 'react'

interface Props {
  icon?: IconName
  title: ReactNode
  description?: ReactNode
  action?: React.JSX.Element
}

export function EmptyState({ icon = 'inbox', title, description, action }: Props) {
  return (
    <div className="zd-empty">
      <NonIdealState icon={icon} title={title} description={description} action={action} />
    </div>
  )
}
