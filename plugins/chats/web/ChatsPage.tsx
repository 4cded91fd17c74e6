import { useEffect, useState } from 'react'
import { Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { api, ConfirmDialog, EmptyState, NARROW_QUERY, toastError, toastSuccess, toastWarning, useMediaQuery, useRealtime } from '@zapdesk/plugin-api/web'
import { useChatList } from './use-chat-list.ts'
import { useOpenChat } from './use-open-chat.ts'
import { ChatList } from './ChatList.tsx'
import { MessagePane } from './MessagePane.tsx'
import { ChatDialog } from './ChatDialog.tsx'
import type { Chat, ChatFrame } from './types.ts'
import './chats.css'

/**
 * /chats/:id? (the chat's uuid). Wide screens: the conversations left, the open one right. Narrow screens: two tabs,
 * Chats and Messages; the list stays mounted behind the Messages tab so it keeps its rows and live updates.
 */
export default function ChatsPage() {
  const { t } = useTranslation('chats')
  const { id: uuid } = useParams()
  const navigate = useNavigate()
  const narrow = useMediaQuery(NARROW_QUERY)
  const data = useChatList()
  const { chat, setChat } = useOpenChat(uuid, data.chats)
  const [pane, setPane] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats')
  const [dialog, setDialog] = useState<{ chat?: Chat } | null>(null)
  const [deleting, setDeleting] = useState<Chat | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => setPane(uuid ? 'messages' : 'chats'), [uuid])
  // The open chat was deleted, or the user was taken out of it: back to the list.
  useRealtime('chat', (raw) => {
    const frame = raw as unknown as ChatFrame
    if (frame.action !== 'delete' || frame.uuid !== uuid) return
    toastWarning(t('gone'))
    navigate('/chats', { replace: true })
  })

  const open = (c: Chat) => {
    // The chat already open (narrow screens: its tab was left) just shows again.
    if (c.uuid === uuid) setPane('messages')
    else navigate(`/chats/${c.uuid}`)
  }
  const saved = (c: Chat) => {
    data.list.upsert(c)
    if (!dialog?.chat) open(c)
  }
  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/chats/${deleting.uuid}`)
      data.list.remove({ id: deleting.id })
      toastSuccess(t('deleted'))
      if (deleting.uuid === uuid) navigate('/chats', { replace: true })
      setDeleting(null)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const list = (
    <ChatList data={data} selectedUuid={uuid} onOpen={open} onNew={() => setDialog({})} onEdit={(c) => setDialog({ chat: c })} onDelete={setDeleting} />
  )
  const conversation = chat
    ? <MessagePane key={chat.uuid} chat={chat} userId={data.userId} onChatChanged={(c) => { data.list.upsert(c); setChat(c) }} />
    : <div className="zd-chats-welcome"><EmptyState icon="chat" title={t('pane.choose')} description={t('pane.chooseHint')} /></div>

  return (
    <div className={`zd-chats${narrow ? ' is-narrow' : ''}`} data-testid="chats-page">
      {narrow ? (
        <>
          <Tabs id="chats-narrow" selectedTabId={pane} onChange={(id) => setPane(id as 'chats' | 'messages')} fill className="zd-chats__tabs">
            <Tab id="chats" title={t('tabs.chats')} data-testid="chats-tab-list" />
            <Tab id="messages" title={t('tabs.messages')} data-testid="chats-tab-messages" />
          </Tabs>
          <div className="zd-chats__pane" hidden={pane !== 'chats'}>{list}</div>
          {pane === 'messages' && <div className="zd-chats__pane">{conversation}</div>}
        </>
      ) : (
        <>
          {list}
          <div className="zd-chats__conversation">{conversation}</div>
        </>
      )}
      <ChatDialog open={dialog !== null} current={dialog?.chat} userId={data.userId} onClose={() => setDialog(null)} onSaved={saved} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { title: deleting?.title ?? '' })} confirmText={t('list.delete')} busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)}>
        {t('deleteBody')}
      </ConfirmDialog>
    </div>
  )
}
