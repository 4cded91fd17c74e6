import { useEffect, useState } from 'react'
import { Button, Card, Spinner, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, EmptyState, formatDateTime, PageHeader, toastError, useRealtime } from '@zapdesk/plugin-api/web'

interface Post { id: number; author: string; text: string; createdAt: string }

/** The board: newest posts first, a box to post, live updates from the `helloBoardPost` topic. */
export default function HelloBoardPage() {
  const { t } = useTranslation('hello-board')
  const [posts, setPosts] = useState<Post[] | null>(null)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    api.get<{ posts: Post[] }>('/hello-board/posts').then((a) => setPosts(a.posts), (err) => { toastError(err); setPosts([]) })
  }, [])

  useRealtime('helloBoardPost', (data) => {
    const event = data as { action: string; post?: Post; id?: number }
    if (event.action === 'create' && event.post) setPosts((list) => (list && !list.some((p) => p.id === event.post!.id) ? [event.post!, ...list] : list))
    if (event.action === 'delete') setPosts((list) => list?.filter((p) => p.id !== event.id) ?? list)
  })

  async function submit() {
    if (!text.trim()) return
    setBusy(true)
    try {
      await api.post('/hello-board/posts', { text })
      setText('')
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="zd-page" data-testid="hello-board">
      <PageHeader title={t('title')} />
      <Card style={{ marginBottom: 16 }}>
        <TextArea fill maxLength={280} value={text} placeholder={t('placeholder')} onChange={(e) => setText(e.target.value)} data-testid="hello-board-text" />
        <Button intent="primary" text={t('post')} loading={busy} disabled={!text.trim()} onClick={submit} style={{ marginTop: 8 }} data-testid="hello-board-post" />
      </Card>
      {posts === null ? <Spinner /> : posts.length === 0 ? <EmptyState icon="chat" title={t('empty')} /> : posts.map((p) => (
        <Card key={p.id} style={{ marginBottom: 8 }} data-testid="hello-board-item">
          <strong>{p.author}</strong> <small>{formatDateTime(p.createdAt)}</small>
          <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{p.text}</p>
        </Card>
      ))}
    </div>
  )
}
