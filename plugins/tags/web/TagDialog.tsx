import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Switch, Tag as Chip } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, PageSpinner, toastError, toastSuccess, useSession } from '@zapdesk/plugin-api/web'
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

export function TagDialog({ open, tagId, onClose, onSaved }: Props) {
  const { t } = useTranslation('tags')
  const { can } = useSession()
  const [values, setValues] = useState({ name: '', color: DEFAULT_COLOR, kanban: false })
  const [errors, setErrors] = useState<ReturnType<typeof validateTag>>({})
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const editKanban = can(KANBAN_ACTION)

  useEffect(() => {
    if (!open) return
    setErrors({})
    setValues({ name: '', color: DEFAULT_COLOR, kanban: false })
    if (tagId == null) return
    setLoading(true)
    api.get<Tag>(`/tags/${tagId}`)
      .then((tag) => setValues({ name: tag.name, color: tag.color, kanban: tag.kanban === 1 }))
      .catch((e) => {
        toastError(e)
        closeRef.current()
      })
      .finally(() => setLoading(false))
  }, [open, tagId])

  // Values are read from the event here, not inside a state updater (React clears currentTarget after the handler).
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateTag(values)
    setErrors(found)
    if (Object.keys(found).length) return
    const payload = { name: values.name.trim(), color: values.color, ...(editKanban ? { kanban: values.kanban ? 1 : 0 } : {}) }
    setSaving(true)
    try {
      const saved = tagId == null ? await api.post<Tag>('/tags', payload) : await api.put<Tag>(`/tags/${tagId}`, payload)
      toastSuccess(t('saved'))
      onSaved(saved)
      onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const isHex = /^#[0-9a-f]{6}$/i.test(values.color)
  return (
    <Dialog isOpen={open} onClose={onClose} title={tagId == null ? t('dialog.addTitle') : t('dialog.editTitle')} icon="tag" className="zd-dialog">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {loading ? (
            <PageSpinner />
          ) : (
            <>
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
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('core:common.cancel')} onClick={onClose} variant="minimal" />
              <Button type="submit" intent="primary" text={t('core:common.save')} loading={saving} disabled={loading} data-testid="tag-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
