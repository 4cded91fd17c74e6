import { InputGroup, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { CheckListFilter } from './CheckListFilter.tsx'
import { useOptions } from './use-options.ts'
import type { Option } from './types.ts'

interface Props {
  text: string
  onText: (v: string) => void
  tags: number[]
  onTags: (ids: number[]) => void
  /** Absent for non-admins: the users filter is an admin's (spec). */
  users?: { value: number[]; onChange: (ids: number[]) => void }
  queues: Option[] | null
  queueIds: number[]
  onQueues: (ids: number[]) => void
  unread: boolean
  onUnread: (v: boolean) => void
}

/** The search tab's filters: text (debounced by the caller), tags, users (admins), queues, unread only. */
export function SearchBar({ text, onText, tags, onTags, users, queues, queueIds, onQueues, unread, onUnread }: Props) {
  const { t } = useTranslation('tickets')
  const tagOptions = useOptions('/tags/list', 'tags')
  const userOptions = useOptions('/users/list', 'users', !!users)
  return (
    <div className="zd-tickets-search">
      <InputGroup type="search" leftIcon="search" placeholder={t('search.placeholder')} value={text} onChange={(e) => onText(e.target.value)}
        autoFocus aria-label={t('search.placeholder')} data-testid="tickets-search" />
      <div className="zd-tickets-toolbar">
        <CheckListFilter icon="tag" label={t('filters.tags')} options={tagOptions.items} selected={tags} onChange={onTags} testId="tickets-tag-filter" />
        {users && <CheckListFilter icon="people" label={t('filters.users')} options={userOptions.items} selected={users.value} onChange={users.onChange} testId="tickets-user-filter" />}
        <CheckListFilter icon="layers" label={t('filters.queues')} options={queues} selected={queueIds} onChange={onQueues} testId="tickets-search-queue-filter" />
        <Switch className="zd-tickets-toolbar__switch" checked={unread} label={t('panel.unread')} onChange={(e) => onUnread(e.currentTarget.checked)} />
      </div>
    </div>
  )
}
