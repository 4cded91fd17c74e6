import { useState, type FormEvent } from 'react'
import { Button, TextArea } from '@blueprintjs/core'
import { ConfirmDialog, Field, formatDateTime, PageSpinner, toastError, toastSuccess, useSession } from '@zapdesk/plugin-api/web'
import type { TicketNote } from '../types.ts'
import { validateNote } from '../drawer-forms.ts'
import { useTicketNotes } from './use-ticket-notes.ts'
import { useConversationT } from '../i18n.ts'

/** The ticket's notes (observações): add one (at least 2 characters), read them newest first, delete after confirming. */
export function TicketNotes({ contactId, ticketId }: { contactId: number; ticketId: number }) {
  const t = useConversationT()
  const { user, isAdmin } = useSession()
  const { notes, loading, failed, reload, add, remove } = useTicketNotes(contactId, ticketId, true)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState<TicketNote | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const problem = validateNote(text)
    setError(problem)
    if (problem) return
    setSaving(true)
    try {
      await add(text.trim())
      setText('')
      toastSuccess(t('notes.added'))
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await remove(deleting.id)
      toastSuccess(t('notes.deleted'))
      setDeleting(null)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="zd-conv-notes" data-testid="ticket-notes">
      <h4 className="zd-conv-drawer__heading">{t('notes.title')}</h4>
      <form onSubmit={submit} noValidate>
        <Field label={t('notes.label')} htmlFor="ticket-note" error={error}>
          <TextArea id="ticket-note" fill rows={3} value={text} placeholder={t('notes.placeholder')} onChange={(e) => setText(e.target.value)}
            intent={error ? 'danger' : 'none'} data-testid="note-text" />
        </Field>
        <div className="zd-conv-notes__actions">
          {text && <Button variant="minimal" text={t('notes.clear')} onClick={() => { setText(''); setError(null) }} />}
          <Button type="submit" intent="primary" text={t('notes.add')} loading={saving} data-testid="note-add" />
        </div>
      </form>
      {loading && notes.length === 0 && <PageSpinner />}
      {failed && <Button variant="minimal" icon="refresh" text={t('retry')} onClick={() => void reload()} />}
      {!loading && !failed && notes.length === 0 && <p className="zd-muted">{t('notes.empty')}</p>}
      <ul className="zd-conv-notes__list">
        {notes.map((n) => (
          <li key={n.id} className="zd-conv-note" data-testid="note">
            <p>{n.note}</p>
            <div className="zd-conv-note__meta">
              <span>{n.user ? `${n.user.name} · ` : ''}{formatDateTime(n.createdAt)}</span>
              {/* the server lets a note's author or an admin delete it */}
              {(isAdmin || (n.userId ?? n.user?.id) === user?.id) && (
                <Button variant="minimal" size="small" icon="trash" intent="danger" aria-label={t('notes.delete')} title={t('notes.delete')} onClick={() => setDeleting(n)} data-testid="note-delete" />
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog open={deleting !== null} title={t('notes.deleteConfirm')} busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </section>
  )
}
