import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { toastSuccess } from '@zapdesk/plugin-api/web'

/** A command to copy: shown as typed (scrolls sideways on a phone rather than breaking the line). */
export function CodeBlock({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('external-api')
  const copy = async () => {
    await navigator.clipboard?.writeText(text)
    toastSuccess(t('copied'))
  }
  return (
    <div className="zd-extapi-code">
      <pre data-testid={testId}>{text}</pre>
      <Button className="zd-extapi-code__copy" small minimal icon="duplicate" aria-label={t('copy')} title={t('copy')} onClick={() => void copy()} />
    </div>
  )
}
