import { Component, type ReactNode } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../ui/EmptyState.tsx'

function CrashNotice() {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon="error"
      title={t('crash.title')}
      description={t('crash.text')}
      action={<Button icon="refresh" text={t('crash.reload')} onClick={() => location.reload()} />}
    />
  )
}

/** A page that throws (or whose chunk fails to load) shows a notice instead of blanking the whole shell. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean; key?: string }> {
  state: { failed: boolean; key?: string } = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; key?: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null
  }

  render() {
    return this.state.failed ? <CrashNotice /> : this.props.children
  }
}
