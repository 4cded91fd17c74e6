import { Button } from '@blueprintjs/core'
import type { ContactDetailsData } from '../types.ts'
import { useConversationT } from '../i18n.ts'
import { ContactPicture } from './ContactPicture.tsx'

/** The contact as the agent reads it: picture, name, number, e-mail and the extra information fields. */
export function ContactDetails({ contact, onEdit }: { contact: ContactDetailsData; onEdit: () => void }) {
  const t = useConversationT()
  return (
    <section className="zd-conv-contact" data-testid="contact-details">
      <ContactPicture name={contact.name} url={contact.profilePicUrl} size={96} />
      <h3 className="zd-conv-contact__name">{contact.name}</h3>
      {contact.number && <a href={`tel:+${contact.number.replace(/\D/g, '')}`}>{contact.number}</a>}
      {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
      <Button icon="edit" text={t('drawer.edit')} onClick={onEdit} data-testid="contact-edit" />
      {(contact.extraInfo?.length ?? 0) > 0 && (
        <dl className="zd-conv-contact__extra">
          {contact.extraInfo!.map((f, i) => (
            <div key={f.id ?? i}>
              <dt>{f.name}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
