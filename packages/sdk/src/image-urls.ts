import { hmacHex } from './hmac'

export interface ImageUrlRequest {
  /** Where Templet is: `https://templet.example`. */
  baseUrl: string
  /** The API key's id (its number in Developer settings), not the key itself. */
  keyId: number
  /** The key's image URL secret, shown once beside the key (`tk_url_…`). */
  urlSecret: string
  templateId: number
  format: 'png' | 'jpg' | 'webp'
  /** Field values by key or column name. */
  values?: Record<string, string>
  size?: string
}

/**
 * A signed image URL (`/r/{key_id}/{template_id}.{ext}?…&s=…`): put it in an `<img>` or an `og:image`; its first
 * request renders for one credit and later ones are served from storage. The signature covers the path and the
 * query, its pairs percent-encoded and sorted, so changing a value needs a new signature.
 */
export async function signImageUrl(r: ImageUrlRequest): Promise<string> {
  const pairs = Object.entries({ ...r.values, ...(r.size === undefined ? {} : { size: r.size }) }).map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  )
  const path = `/r/${r.keyId}/${r.templateId}.${r.format}`
  const canonical = pairs.length > 0 ? `${path}?${[...pairs].sort().join('&')}` : path
  const signature = await hmacHex(r.urlSecret, canonical)
  return `${r.baseUrl.replace(/\/+$/, '')}${path}?${[...pairs, `s=${signature}`].join('&')}`
}
