import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Button, Card, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { Help } from '../../../api/types.ts'
import { required, validate, hasErrors, type Errors } from '../../../lib/validation.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { EmptyState } from '../../../ui/EmptyState.tsx'
import { Field } from '../../../ui/Field.tsx'
import { PageSpinner } from '../../../ui/PageSpinner.tsx'
import { toastFailure, toastSuccess } from '../../../ui/toaster.ts'

type HelpForm = { title: string; video: string; description: string }
const empty: HelpForm = { title: '', video: '', description: '' }

export function HelpsAdminTab() {
  const { t } = useTranslation()
  const [helps, setHelps] = useState<Help[] | null>(null)
  const [selected, setSelected] = useState<Help | null>(null)
  const [form, setForm] = useState<HelpForm>(empty)
  const [errors, setErrors] = useState<Errors<HelpForm>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Help | null>(null)

  const load = useCallback(() => {
    api.get<Help[]>('/helps').then(
      (list) => setHelps(Array.isArray(list) ? list : []),
      (e) => {
        toastFailure(e, t('common.loadError'))
        setHelps([])
      },
    )
  }, [t])
  useEffect(load, [load])

  const pick = (h: Help | null) => {
    setSelected(h)
    setForm(h ? { title: h.title, video: h.video ?? '', description: h.description ?? '' } : empty)
    setErrors({})
  }

  async function save(e: FormEvent) {
    e.preventDefault()
    const found = validate(form, { title: [required] })
    setErrors(found)
    if (hasErrors(found)) return
    setBusy('save')
    try {
      const body = { title: form.title.trim(), video: form.video.trim(), description: form.description.trim() }
      if (selected) await api.put(`/helps/${selected.id}`, body)
      else await api.post('/helps', body)
      toastSuccess(t('common.saved'))
      pick(null)
      load()
    } catch (err) {
      toastFailure(err, t('settings.helps.saveError'))
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    if (!deleting) return
    setBusy('delete')
    try {
      await api.del(`/helps/${deleting.id}`)
      setHelps((list) => (list ?? []).filter((h) => h.id !== deleting.id))
      if (selected?.id === deleting.id) pick(null)
      setDeleting(null)
      toastSuccess(t('common.deleted'))
    } catch (err) {
      toastFailure(err, t('common.operationFailed'))
    } finally {
      setBusy(null)
    }
  }

  if (helps === null) return <PageSpinner />
  return (
    <div className="zd-stack">
      <Card className="zd-section-card">
        <h2 className="zd-section-title">{selected ? t('settings.helps.formEdit') : t('settings.helps.formNew')}</h2>
        <form onSubmit={save} noValidate>
          <div className="zd-grid-2">
            <Field label={t('settings.helps.titleField')} htmlFor="help-title" error={errors.title}>
              <InputGroup id="help-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} intent={errors.title ? 'danger' : 'none'} />
            </Field>
            <Field label={t('settings.helps.video')} htmlFor="help-video" hint={t('settings.helps.videoHint')}>
              <InputGroup id="help-video" value={form.video} onChange={(e) => setForm({ ...form, video: e.target.value })} />
            </Field>
          </div>
          <Field label={t('settings.helps.description')} htmlFor="help-description">
            <TextArea id="help-description" fill autoResize value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </Field>
          <div className="zd-form-actions">
            <span className="zd-spacer" />
            <Button text={t('common.clear')} variant="minimal" onClick={() => pick(null)} />
            <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy === 'save'} />
          </div>
        </form>
      </Card>
      {helps.length === 0 ? (
        <EmptyState icon="video" title={t('settings.helps.empty')} />
      ) : (
        <div className="zd-table-card zd-table-card--auto">
          <HTMLTable interactive className="zd-table">
            <thead>
              <tr>
                <th>{t('settings.helps.titleField')}</th>
                <th>{t('settings.helps.video')}</th>
                <th className="zd-hide-narrow">{t('settings.helps.description')}</th>
                <th className="zd-col-actions">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {helps.map((h) => (
                <tr key={h.id} className={h.id === selected?.id ? 'is-selected' : ''} onClick={() => pick(h)}>
                  <td><strong>{h.title}</strong></td>
                  <td><code>{h.video}</code></td>
                  <td className="zd-hide-narrow zd-ellipsis">{h.description}</td>
                  <td className="zd-col-actions">
                    <Button variant="minimal" icon="trash" intent="danger" aria-label={t('common.delete')} onClick={(e) => (e.stopPropagation(), setDeleting(h))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <ConfirmDialog open={deleting !== null} title={t('settings.helps.deleteTitle', { title: deleting?.title ?? '' })} busy={busy === 'delete'} onConfirm={remove} onCancel={() => setDeleting(null)} />
    </div>
  )
}
