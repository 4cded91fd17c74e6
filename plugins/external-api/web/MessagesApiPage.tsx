import { Callout, Card } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@zapdesk/plugin-api/web'
import { CodeBlock } from './CodeBlock.tsx'
import { TestForm } from './TestForm.tsx'
import { curlMedia, curlText, endpointOf } from './examples.ts'
import './messages-api.css'

/** The spec's /messages-api page: how to send text and media with a connection's token, each with its test form. */
export default function MessagesApiPage() {
  const { t } = useTranslation('external-api')
  const origin = window.location.origin
  const token = t('placeholderToken')
  return (
    <div className="zd-page zd-extapi" data-testid="messages-api-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Callout icon="key" className="zd-extapi-intro">
        <p>{t('intro.token')}</p>
        <p>{t('intro.endpoint')} <code data-testid="extapi-endpoint">{endpointOf(origin)}</code></p>
        <p className="zd-muted">{t('intro.rules')}</p>
      </Callout>
      <div className="zd-extapi-grid">
        <Card className="zd-extapi-card">
          <h2 className="zd-section-title">{t('text.title')}</h2>
          <p>{t('text.hint')}</p>
          <CodeBlock text={curlText(origin, token, '5511999990000', t('text.example'))} testId="extapi-curl-text" />
          <h3 className="zd-extapi-test-title">{t('test')}</h3>
          <TestForm mode="text" />
        </Card>
        <Card className="zd-extapi-card">
          <h2 className="zd-section-title">{t('media.title')}</h2>
          <p>{t('media.hint')}</p>
          <CodeBlock text={curlMedia(origin, token, '5511999990000', t('media.exampleFile'))} testId="extapi-curl-media" />
          <h3 className="zd-extapi-test-title">{t('test')}</h3>
          <TestForm mode="media" />
        </Card>
      </div>
    </div>
  )
}
