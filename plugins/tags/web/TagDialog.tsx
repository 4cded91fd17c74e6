import { InputGroup, Switch, Tag as Chip } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, useSession } from '@zapdesk/plugin-api/web'
import { textOn, validateTag, type Tag } from './types.ts'

interface Props {
  open: boolean
  /** Edit this tag; absent creates one. */
  tagId?: number
  onClose: () => void
  onSaved: (tag: Tag) => void
}

const DEFAULT_COLOR = '#5c7080'
/** The kanban switch: admins only (spec: admin or supervisor), the same action the server checks. */
const KANBAN_ACTION = 'tags:editKanban'
const EMPTY = { name: '', color: DEFAULT_COLOR, kanban: false }

export function TagDialog({ open, tagId, onClose, onSaved }: Props) {
  const { t } = useTranslation('tags')
  const { can } = useSession()
  const editKanban = can(KANBAN_ACTION)
  const form = useForm({
    open, onClose, onSaved, resetKey: tagId, successText: t('saved'), validate: validateTag,
    initial: tagId == null ? EMPTY : () => api.get<Tag>(`/tags/${tagId}`).then((tag) => ({ name: tag.name, color: tag.color, kanban: tag.kanban === 1 })),
    submit: (v) => {
      const payload = { name: v.name.trim(), color: v.color, ...(editKanban ? { kanban: v.kanban ? 1 : 0 } : {}) }
      return tagId == null ? api.post<Tag>('/tags', payload) : api.put<Tag>(`/tags/${tagId}`, payload)
    },
  })
  const { values, errors, set } = form
  const isHex = /^#[0-9a-f]{6}$/i.test(values.color)
  return (
    <FormDialog form={form} title={tagId == null ? t('dialog.addTitle') : t('dialog.editTitle')} icon="tag" saveTestId="tag-save">
      <Field label={t('dialog.name')} htmlFor="tag-name" error={errors.name}>
        <InputGroup id="tag-name" name="name" value={values.name} autoFocus intent={errors.name ? 'danger' : 'none'} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label={t('dialog.color')} htmlFor="tag-color" error={errors.color}>
        <div className="zd-tag-color">
          <input type="color" aria-label={t('dialog.color')} value={isHex ? values.color : DEFAULT_COLOR} onChange={(e) => set({ color: e.target.value })} />
          <InputGroup id="tag-color" name="color" value={values.color} maxLength={9} intent={errors.color ? 'danger' : 'none'} onChange={(e) => set({ color: e.target.value.trim() })} />
          <Chip round style={{ background: values.color, color: textOn(values.color) }}>{values.name.trim() || t('dialog.name')}</Chip>
        </div>
      </Field>
      {editKanban && <Switch label={t('dialog.kanban')} checked={values.kanban} onChange={(e) => set({ kanban: e.currentTarget.checked })} data-testid="tag-kanban" />}
    </FormDialog>
  )
}
