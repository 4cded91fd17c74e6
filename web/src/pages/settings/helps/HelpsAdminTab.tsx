import { useState } from 'react'
import { InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { Help } from '../../../api/types.ts'
import { required, validate } from '../../../lib/validation.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { DataTable, type Column } from '../../../ui/crud/DataTable.tsx'
import { InlineForm } from '../../../ui/crud/InlineForm.tsx'
import { useConfirmDelete } from '../../../ui/crud/use-confirm-delete.ts'
import { useForm } from '../../../ui/crud/use-form.ts'
import { useWholeList } from '../../../ui/crud/use-whole-list.ts'

const EMPTY = { title: '', video: '', description: '' }

/** The helps (tutorial videos) of the platform: an inline form above the list; a row opens in the form. */
export function HelpsAdminTab() {
  const { t } = useTranslation()
  const list = useWholeList((signal) => api.get<Help[]>('/helps', { signal }), (h) => h.id)
  const [selected, setSelected] = useState<Help | null>(null)
  const deletion = useConfirmDelete<Help>((h) => api.del(`/helps/${h.id}`), (h) => {
    list.remove(h)
    if (selected?.id === h.id) setSelected(null)
  }, t('common.deleted'))
  const form = useForm({
    open: true, resetKey: selected?.id, onClose: () => setSelected(null), successText: t('common.saved'), failureText: t('settings.helps.saveError'),
    initial: selected ? { title: selected.title, video: selected.video ?? '', description: selected.description ?? '' } : EMPTY,
    validate: (v) => validate(v, { title: [required] }),
    submit: (v) => {
      const body = { title: v.title.trim(), video: v.video.trim(), description: v.description.trim() }
      return selected ? api.put(`/helps/${selected.id}`, body) : api.post('/helps', body)
    },
    onSaved: list.reload,
  })
  const { values, errors, set } = form
  const columns: Column<Help>[] = [
    { key: 'title', header: t('settings.helps.titleField'), cell: (h) => <strong>{h.title}</strong> },
    { key: 'video', header: t('settings.helps.video'), cell: (h) => <code>{h.video}</code> },
    { key: 'description', header: t('settings.helps.description'), cell: (h) => h.description, className: 'zd-hide-narrow zd-ellipsis' },
  ]
  return (
    <div className="zd-stack">
      <InlineForm form={form} title={selected ? t('settings.helps.formEdit') : t('settings.helps.formNew')}>
        <div className="zd-grid-2">
          <Field label={t('settings.helps.titleField')} htmlFor="help-title" error={errors.title}>
            <InputGroup id="help-title" value={values.title} onChange={(e) => set({ title: e.target.value })} intent={errors.title ? 'danger' : 'none'} />
          </Field>
          <Field label={t('settings.helps.video')} htmlFor="help-video" hint={t('settings.helps.videoHint')} error={errors.video}>
            <InputGroup id="help-video" value={values.video} onChange={(e) => set({ video: e.target.value })} intent={errors.video ? 'danger' : 'none'} />
          </Field>
        </div>
        <Field label={t('settings.helps.description')} htmlFor="help-description">
          <TextArea id="help-description" fill autoResize value={values.description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
      </InlineForm>
      <DataTable list={list} columns={columns} rowKey={(h) => h.id} cardClassName="zd-table-card--auto" selection={{ selected, onSelect: setSelected }}
        actions={{ onDelete: deletion.ask }} empty={{ icon: 'video', title: t('settings.helps.empty') }} />
      <ConfirmDialog open={deletion.target !== null} title={t('settings.helps.deleteTitle', { title: deletion.target?.title ?? '' })} busy={deletion.busy}
        onConfirm={deletion.confirm} onCancel={deletion.cancel} />
    </div>
  )
}
