import { Icon } from '@blueprintjs/core'
import { parseLocation } from '../location.ts'
import { useConversationT } from '../i18n.ts'

/** Spec: a location body is image|link|description; the card opens the map link in a new tab. */
export function LocationCard({ body }: { body: string }) {
  const t = useConversationT()
  const { image, link, description } = parseLocation(body)
  return (
    <div className="zd-conv-location" data-testid="location-card">
      {image && <img src={image} alt="" className="zd-conv-location__map" />}
      <div className="zd-conv-location__text">
        <Icon icon="map-marker" />
        <span>{description || t('media.location')}</span>
      </div>
      {link && <a href={link} target="_blank" rel="noopener noreferrer">{t('openMap')}</a>}
    </div>
  )
}
