import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { QueueOptionNode } from './types.ts'
import { OptionDraft } from './OptionDraft.tsx'

export interface OptionActions {
  create: (parentId: number | null, values: { title: string; message: string }) => Promise<void>
  update: (id: number, patch: { title?: string; message?: string; option?: number }) => Promise<void>
  remove: (node: QueueOptionNode) => void
}

interface Props {
  node: QueueOptionNode
  /** Path of option numbers from the top ("2.1"): what a contact types through the menus. */
  path: string
  siblings: number
  actions: OptionActions
}

/** One option of the chatbot tree with its children: edit, move, add a sub-option, delete. */
export function OptionItem({ node, path, siblings, actions }: Props) {
  const { t } = useTranslation('queues')
  const [mode, setMode] = useState<'view' | 'edit' | 'add'>('view')
  const button = (icon: 'edit' | 'add' | 'trash' | 'arrow-up' | 'arrow-down', label: string, onClick: () => void, disabled = false) => (
    <Button variant="minimal" size="small" icon={icon} aria-label={label} title={label} onClick={onClick} disabled={disabled} intent={icon === 'trash' ? 'danger' : 'none'} />
  )
  return (
    <li className="zd-option" data-option-path={path}>
      {mode === 'edit' ? (
        <OptionDraft initial={node} onCancel={() => setMode('view')} onSave={async (v) => { await actions.update(node.id, v); setMode('view') }} />
      ) : (
        <div className="zd-option__row">
          <span className="zd-option__number">{path}</span>
          <span className="zd-option__text">
            <strong>{node.title}</strong>
            {node.message && <span className="zd-muted zd-ellipsis">{node.message}</span>}
          </span>
          <span className="zd-option__actions">
            {button('arrow-up', t('options.moveUp'), () => void actions.update(node.id, { option: node.option - 1 }), node.option <= 1)}
            {button('arrow-down', t('options.moveDown'), () => void actions.update(node.id, { option: node.option + 1 }), node.option >= siblings)}
            {button('add', t('options.addChild'), () => setMode('add'))}
            {button('edit', t('core:common.edit'), () => setMode('edit'))}
            {button('trash', t('core:common.delete'), () => actions.remove(node))}
          </span>
        </div>
      )}
      {(node.children.length > 0 || mode === 'add') && (
        <ul className="zd-option-list">
          {node.children.map((child) => (
            <OptionItem key={child.id} node={child} path={`${path}.${child.option}`} siblings={node.children.length} actions={actions} />
          ))}
          {mode === 'add' && (
            <li className="zd-option">
              <OptionDraft onCancel={() => setMode('view')} onSave={async (v) => { await actions.create(node.id, v); setMode('view') }} />
            </li>
          )}
        </ul>
      )}
    </li>
  )
}
