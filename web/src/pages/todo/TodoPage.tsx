import { useEffect, useState, type FormEvent } from 'react'
import { Button, Card, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { formatDateTime } from '../../lib/dates.ts'
import { isBlank } from '../../lib/validation.ts'
import { addTask, deleteTask, editTask, loadTasks, saveTasks, type Task } from './todo-store.ts'

export default function TodoPage() {
  const { t } = useTranslation()
  const [tasks, setTasks] = useState<Task[]>(loadTasks)
  const [text, setText] = useState('')
  const [editingId, setEditingId] = useState<string | null>(null)
  const [error, setError] = useState(false)
  const [deleting, setDeleting] = useState<Task | null>(null)

  useEffect(() => saveTasks(tasks), [tasks])

  function submit(e: FormEvent) {
    e.preventDefault()
    if (isBlank(text)) return setError(true)
    setTasks((list) => (editingId ? editTask(list, editingId, text) : addTask(list, text)))
    setText('')
    setEditingId(null)
    setError(false)
  }

  return (
    <div className="zd-page zd-todo">
      <PageHeader title={t('todo.title')} subtitle={t('todo.subtitle')} count={tasks.length ? t('todo.count', { count: tasks.length }) : undefined} />
      <form className="zd-todo__form" onSubmit={submit}>
        <InputGroup
          size="large"
          leftIcon={editingId ? 'edit' : 'add'}
          placeholder={t('todo.placeholder')}
          value={text}
          intent={error ? 'danger' : 'none'}
          onChange={(e) => {
            setText(e.target.value)
            setError(false)
          }}
          aria-label={t('todo.placeholder')}
          data-testid="todo-input"
        />
        {editingId && <Button size="large" text={t('common.cancel')} onClick={() => (setEditingId(null), setText(''))} />}
        <Button size="large" type="submit" intent="primary" text={editingId ? t('todo.update') : t('todo.add')} />
      </form>
      {error && <p className="zd-field-error">{t('validation.blank')}</p>}
      {tasks.length === 0 ? (
        <EmptyState icon="form" title={t('todo.empty')} description={t('todo.emptyHint')} />
      ) : (
        <div className="zd-todo__list">
          {tasks.map((task) => (
            <Card key={task.id} className={`zd-todo__item${task.id === editingId ? ' is-editing' : ''}`} compact>
              <div className="zd-todo__text">{task.text}</div>
              <div className="zd-todo__meta">
                {t('todo.created', { date: formatDateTime(task.createdAt) })}
                {task.updatedAt !== task.createdAt && <> · {t('todo.updated', { date: formatDateTime(task.updatedAt) })}</>}
              </div>
              <div className="zd-todo__actions">
                <Button variant="minimal" icon="edit" aria-label={t('common.edit')} title={t('common.edit')} onClick={() => (setEditingId(task.id), setText(task.text))} />
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setDeleting(task)} />
              </div>
            </Card>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('todo.deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) setTasks((list) => deleteTask(list, deleting.id))
          if (deleting?.id === editingId) (setEditingId(null), setText(''))
          setDeleting(null)
        }}
      >
        <p className="zd-muted">“{deleting?.text}”</p>
      </ConfirmDialog>
    </div>
  )
}
