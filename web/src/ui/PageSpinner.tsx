import { Spinner } from '@blueprintjs/core'

export function PageSpinner({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'zd-spinner zd-spinner--full' : 'zd-spinner'} role="status" aria-busy="true">
      <Spinner size={full ? 40 : 32} />
    </div>
  )
}
