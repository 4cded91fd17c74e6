import { useRef } from 'react'
import { TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import {
  api, ConfirmDialog, DataTable, Field, formatDateTime, InlineForm, liveRecords, PageHeader, useConfirmDelete, useCrudList, useForm, useSession, type Column,
} from '@zapdesk/plugin-api/web'

interface Post { id: number; author: string; text: string; userId: number | null; createdAt: string }

/** `helloBoardPost` events: { action: 'create', post } and { action: 'delete', id }. */
const live = liveRecords<Post>('helloBoardPost', { record: 'post', id: 'id' })

/** The board, on the web CRUD kit: a post box (useForm + InlineForm), newest posts first, live from `helloBoardPost`. */
export default function HelloBoardPage() {
  const { t } = useTranslation('hello-board')
  const { user, isAdmin } = useSession()
  // The API pages by cursor (`before` the oldest post shown), the kit by page number: page 1 starts over.
  const oldest = useRef<number | undefined>(undefined)
  const crud = useCrudList<Post>({
    key: (p) => p.id,
    fetchPage: async (page, _search, signal) => {
      const answer = await api.get<{ posts: Post[]; hasMore: boolean }>('/hello-board/posts', { query: { before: page > 1 ? oldest.current : undefined }, signal })
      oldest.current = answer.posts.at(-1)?.id ?? oldest.current
      return { items: answer.posts, hasMore: answer.hasMore }
    },
    live,
  })
  const form = useForm({
    open: true, onClose: () => undefined, initial: { text: '' },
    validate: (v) => (v.text.trim() ? {} : { text: 'hello-board:errors.ERR_HELLO_EMPTY' }),
    fieldCodes: { ERR_HELLO_EMPTY: 'text' },
    submit: (v) => api.post<Post>('/hello-board/posts', { text: v.text.trim() }),
    onSaved: (post) => crud.list.upsert(post),
  })
  const deletion = useConfirmDelete<Post>((p) => api.del(`/hello-board/posts/${p.id}`), (p) => crud.list.remove(p), t('deleted'))
  const columns: Column<Post>[] = [
    { key: 'author', header: t('columns.author'), cell: (p) => <strong>{p.author}</strong> },
    { key: 'text', header: t('columns.text'), cell: (p) => <span style={{ whiteSpace: 'pre-wrap' }}>{p.text}</span> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (p) => formatDateTime(p.createdAt), className: 'zd-hide-narrow' },
  ]
  return (
    <div className="zd-page zd-page--fill" data-testid="hello-board">
      <PageHeader title={t('title')} />
      <InlineForm form={form} title={t('newPost')} saveText={t('post')} saveTestId="hello-board-post" noClear>
        <Field label={t('text')} htmlFor="hello-board-text" error={form.errors.text}>
          <TextArea id="hello-board-text" fill maxLength={280} value={form.values.text} placeholder={t('placeholder')} onChange={(e) => form.set({ text: e.target.value })} data-testid="hello-board-text" />
        </Field>
      </InlineForm>
      <DataTable list={crud.list} columns={columns} rowKey={(p) => p.id} rowProps={() => ({ 'data-testid': 'hello-board-item' })}
        actions={{ onDelete: deletion.ask, editable: (p) => isAdmin || p.userId === user?.id }} empty={{ icon: 'chat', title: t('empty') }} />
      <ConfirmDialog open={deletion.target !== null} title={t('deleteTitle')} busy={deletion.busy} onConfirm={deletion.confirm} onCancel={deletion.cancel} />
    </div>
  )
}
