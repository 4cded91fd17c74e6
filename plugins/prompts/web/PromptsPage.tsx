import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, useConfirmDelete, useEditDialog, useRealtime, useWholeList, type Column } from '@zapdesk/plugin-api/web'
import type { Prompt, PromptEvent, PromptsAnswer } from './types.ts'
import { PromptDialog } from './PromptDialog.tsx'
import './prompts.css'

/** The spec's AI prompts page: name, queue, max tokens and actions; live for the company's admins. */
export default function PromptsPage() {
  const { t } = useTranslation('prompts')
  const list = useWholeList(async (signal) => (await api.get<PromptsAnswer>('/prompt', { signal })).prompts, (p) => p.id)
  useRealtime('prompt', (raw) => {
    const data = raw as unknown as PromptEvent
    if (data.action === 'delete') list.remove({ id: data.promptId })
    else list.upsert(data.prompt)
  })
  const editor = useEditDialog(list, { newItems: 'upsert' })
  const deletion = useConfirmDelete<Prompt>((p) => api.del(`/prompt/${p.id}`), (p) => list.remove(p), t('deleted'))
  const columns: Column<Prompt>[] = [
    { key: 'name', header: t('columns.name'), cell: (p) => <strong>{p.name}</strong> },
    {
      key: 'queue', header: t('columns.queue'), cell: (p) => (p.queue
        ? <span className="zd-prompt-queue"><span className="zd-prompt-queue__dot" style={{ background: p.queue.color }} aria-hidden />{p.queue.name}</span>
        : <span className="zd-muted">{t('noQueue')}</span>),
    },
    { key: 'maxTokens', header: t('columns.maxTokens'), cell: (p) => p.maxTokens, className: 'zd-hide-narrow' },
  ]
  return (
    <CrudListPage<Prompt>
      title={t('title')} countText={(count) => t('count', { count })} countRows crud={{ list }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="prompts-add" />}
      columns={columns} rowKey={(p) => p.id} rowProps={(p) => ({ 'data-prompt': p.name })}
      actions={{ onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'prompt-edit', delete: 'prompt-delete' } }}
      empty={{ icon: 'predictive-analysis', title: t('empty'), description: t('emptyHint') }}
      testId="prompts-table"
      deletion={{ state: deletion, title: (p) => t('deleteTitle', { name: p.name }), text: t('deleteBody') }}
    >
      <PromptDialog {...editor.dialog} />
    </CrudListPage>
  )
}
