import { Checkbox, HTMLSelect } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Profile } from '../../api/types.ts'
import type { FormOption } from '../../modules/types.ts'
import { Field } from '../../ui/Field.tsx'

export interface RoleValues {
  profile: Profile
  allTicket: 'enabled' | 'desabled'
  whatsappId: number | null
  queueIds: number[]
}

interface Props {
  values: RoleValues
  onChange: (patch: Partial<RoleValues>) => void
  /** 'user-modal:editProfile': profile, default connection and allTicket. */
  editRole: boolean
  /** 'user-modal:editQueues'. */
  editQueues: boolean
  /** The queues module's choices; null: no such module, no field. */
  queues: FormOption[] | null
  connections: FormOption[] | null
}

export function RoleFields({ values, onChange, editRole, editQueues, queues, connections }: Props) {
  const { t } = useTranslation()
  const toggleQueue = (id: number) =>
    onChange({ queueIds: values.queueIds.includes(id) ? values.queueIds.filter((q) => q !== id) : [...values.queueIds, id] })
  return (
    <>
      {editRole && (
        <div className="zd-grid-2">
          <Field label={t('users.profile')} htmlFor="user-profile">
            <HTMLSelect id="user-profile" name="profile" fill value={values.profile} onChange={(e) => onChange({ profile: e.target.value as Profile })}>
              <option value="admin">{t('users.profiles.admin')}</option>
              <option value="user">{t('users.profiles.user')}</option>
            </HTMLSelect>
          </Field>
          <Field label={t('users.dialog.allTicket')} htmlFor="user-allticket">
            <HTMLSelect id="user-allticket" fill value={values.allTicket} onChange={(e) => onChange({ allTicket: e.target.value as RoleValues['allTicket'] })}>
              <option value="enabled">{t('users.dialog.allTicketValues.enabled')}</option>
              <option value="desabled">{t('users.dialog.allTicketValues.desabled')}</option>
            </HTMLSelect>
          </Field>
        </div>
      )}
      {editRole && connections && (
        <Field label={t('users.dialog.connection')} htmlFor="user-connection">
          <HTMLSelect id="user-connection" fill value={values.whatsappId ?? ''} onChange={(e) => onChange({ whatsappId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('users.dialog.noConnection')}</option>
            {connections.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </HTMLSelect>
        </Field>
      )}
      {editQueues && queues && (
        <Field label={t('users.dialog.queues')}>
          {queues.length === 0 ? (
            <p className="zd-muted">{t('users.dialog.noQueues')}</p>
          ) : (
            <div className="zd-queue-picks">
              {queues.map((q) => (
                <Checkbox key={q.id} checked={values.queueIds.includes(q.id)} onChange={() => toggleQueue(q.id)} className="zd-queue-pick">
                  <span className="zd-swatch" style={{ background: q.color }} /> {q.name}
                </Checkbox>
              ))}
            </div>
          )}
        </Field>
      )}
    </>
  )
}
