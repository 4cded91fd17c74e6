/**
 * Spec: a location message's body is `image|link|description`. The description may itself contain pipes, and
 * only safe schemes are kept, since the parts end up in `src` and `href` attributes.
 */
export interface LocationParts {
  image: string | null
  link: string | null
  description: string
}

const SAFE_LINK = /^https?:\/\//i
const SAFE_IMAGE = /^(https?:\/\/|data:image\/)/i

export function parseLocation(body: string | null | undefined): LocationParts {
  const text = (body ?? '').trim()
  if (!text.includes('|')) {
    return SAFE_LINK.test(text) ? { image: null, link: text, description: '' } : { image: null, link: null, description: text }
  }
  const [image, link = '', ...rest] = text.split('|')
  return {
    image: SAFE_IMAGE.test(image.trim()) ? image.trim() : null,
    link: SAFE_LINK.test(link.trim()) ? link.trim() : null,
    description: rest.join('|').trim(),
  }
}
