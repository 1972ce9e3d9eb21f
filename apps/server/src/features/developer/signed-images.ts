import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { Code, type FieldIssue, type IssuesData } from '@templet/api/contract'
import { valuesByKey } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import type { MediaStorage } from '../../services/storage'
import type { Creations } from '../creations/creations'
import { CREATION_FILES } from '../creations/files'
import { hasUrlValues, uploadImageUrls } from '../uploads/image-urls'
import type { Uploads } from '../uploads/uploads'
import type { RenderFormat, Renders } from './renders'
import {
  claimSignedImage,
  lookUpSignedImage,
  releaseSignedImage,
  setSignedImageRender,
  takeOverSignedImage,
} from './signed-images.queries'

/** The file extensions a signed image URL may ask for, and the format each is. */
export const SIGNED_IMAGE_EXTENSIONS = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' } as const
type Extension = keyof typeof SIGNED_IMAGE_EXTENSIONS

/** Query parameters that are not field values: the signature and the size. */
const SIGNATURE = 's'
const SIZE = 'size'
/** A claim whose request has made no render after this is taken for dead and taken over. */
const CLAIM_STALE_MS = 60_000
/** How often a request waiting for another's claim looks again. */
const LOOK_EVERY_MS = 100

export interface SignedImageRequest {
  keyId: number
  templateId: number
  extension: string
  /** The query's pairs as sent, the signature among them. */
  query: [string, string][]
  ifNoneMatch?: string | undefined
}

export type SignedImageAnswer =
  | { status: 200; bytes: Buffer; contentType: string; etag: string }
  | { status: 304; etag: string }
  | { status: 202; retryAfterSeconds: number }

/**
 * The text a signed image URL's signature covers: its path, then its query without `s`, the pairs sorted by name
 * (then value) and each part percent-encoded as `encodeURIComponent` does.
 */
export function canonicalImageUrl(
  keyId: number,
  templateId: number,
  extension: string,
  query: [string, string][],
) {
  const pairs = query
    .filter(([name]) => name !== SIGNATURE)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
  return `/r/${keyId}/${templateId}.${extension}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`
}

const forbidden = () =>
  new AppError(
    Code.forbidden,
    'This image URL’s signature is not valid: sign its path and sorted query with the key’s URL secret',
  )

/**
 * Signed image URLs for e-mail images and Open Graph cards: `GET /r/{key_id}/{template_id}.{png|jpg|webp}?<field>=…
 * &size=…&s=<signature>`, the signature an HMAC-SHA256 (hex) of {@link canonicalImageUrl} with the key's URL
 * secret. The first request renders (one credit from the key's owner) and later identical ones are served from
 * storage; a render still running when the wait is over is answered 202 with a retry hint, never a hung request.
 */
export class SignedImages {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      renders: Renders
      creations: Pick<Creations, 'resolve'>
      uploads: Uploads
      storage: MediaStorage
      /** The secret every key's URL secret is derived from. */
      secret: () => Promise<string>
      waitMs: number
      now: () => number
    },
  ) {}

  /** The secret key `keyId`'s image URLs are signed with (shown once, with the key). */
  async urlSecret(keyId: number): Promise<string> {
    return `tk_url_${createHmac('sha256', await this.d.secret())
      .update(`signed-image-url:${keyId}`)
      .digest('hex')}`
  }

  async answer(r: SignedImageRequest): Promise<SignedImageAnswer> {
    if (!(r.extension in SIGNED_IMAGE_EXTENSIONS))
      throw new AppError(Code.notFound, 'An image URL ends in .png, .jpg or .webp')
    const format: RenderFormat = SIGNED_IMAGE_EXTENSIONS[r.extension as Extension]
    const canonical = canonicalImageUrl(r.keyId, r.templateId, r.extension, r.query)
    const signature = r.query.find(([name]) => name === SIGNATURE)?.[1] ?? ''
    const expected = createHmac('sha256', await this.urlSecret(r.keyId))
      .update(canonical)
      .digest()
    const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden()
    const digest = createHash('sha256').update(canonical).digest('hex')

    const deadline = Date.now() + this.d.waitMs
    for (;;) {
      const found = await lookUpSignedImage(this.d.db, r.keyId, digest)
      // A revoked key's URLs stop at once, as its API calls do; told apart from a bad signature by nothing.
      if (!found || found.delete_after !== null || !found.scopes.split(',').includes('render'))
        throw forbidden()
      if (found.render_id !== null && found.status === 'completed') {
        if (found.storage_prefix !== null) {
          const etag = `"${found.render_id}-${digest.slice(0, 16)}"`
          if (r.ifNoneMatch?.split(',').some((t) => t.trim() === etag)) return { status: 304, etag }
          const file = CREATION_FILES[format]
          const bytes = await this.d.storage.get(`${found.storage_prefix}/${file.name}`)
          if (bytes) return { status: 200, bytes, contentType: file.contentType, etag }
        }
        // Its creation was deleted since: the URL renders again (one more credit), as a first request would.
        await takeOverSignedImage(this.d.db, r.keyId, digest, {
          now: this.d.now(),
          staleBefore: 0,
          renderId: found.render_id,
        })
        continue
      }
      if (found.render_id !== null && found.status === 'failed') {
        // Refunded; the next request tries again (a fixed template, a bought credit).
        await takeOverSignedImage(this.d.db, r.keyId, digest, {
          now: this.d.now(),
          staleBefore: 0,
          renderId: found.render_id,
        })
        throw failure(found.error)
      }
      if (found.render_id !== null) {
        const left = deadline - Date.now()
        if (left <= 0) return { status: 202, retryAfterSeconds: 1 }
        await this.d.renders.waitFor(found.render_id, left)
        continue
      }
      const claimed =
        found.claimed_at === null
          ? await claimSignedImage(this.d.db, r.keyId, digest, this.d.now())
          : await takeOverSignedImage(this.d.db, r.keyId, digest, {
              now: this.d.now(),
              staleBefore: this.d.now() - CLAIM_STALE_MS,
              renderId: null,
            })
      if (claimed) {
        await this.render({ userId: found.user_id, livemode: found.mode !== 'test' }, r, format, digest)
        continue
      }
      // Another request is making it: wait for its render to appear.
      if (Date.now() >= deadline) return { status: 202, retryAfterSeconds: 1 }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS))
    }
  }

  /**
   * Accepts the URL's render (its credit reserved; a test key's is free and watermarked) and records it; a
   * refusal gives the claim back.
   */
  private async render(
    { userId, livemode }: { userId: number; livemode: boolean },
    r: SignedImageRequest,
    format: RenderFormat,
    digest: string,
  ) {
    let values: Record<string, string> = {}
    for (const [name, value] of r.query) if (name !== SIGNATURE && name !== SIZE) values[name] = value
    try {
      // Values by column name or key, as a /v1 render takes them; a photo by URL (a profile picture on a card) is
      // fetched once, as a /v1 render's would be.
      const resolved = await this.d.creations.resolve(userId, r.templateId)
      const { template } = resolved
      values = valuesByKey(template.fields, values)
      if (hasUrlValues([values]))
        [values = values] = await uploadImageUrls(
          this.d.uploads,
          userId,
          template.fields,
          [values],
          (_, key) => [key],
        )
      const row = await this.d.renders.create(
        { userId, keyId: r.keyId, livemode },
        {
          templateId: r.templateId,
          sizeId: r.query.find(([name]) => name === SIZE)?.[1],
          values,
          formats: [format],
        },
        resolved,
      )
      await setSignedImageRender(this.d.db, r.keyId, digest, row.id)
    } catch (err) {
      await releaseSignedImage(this.d.db, r.keyId, digest)
      throw err
    }
  }
}

/** A failed render's stored reason as the refusal it was. */
function failure(stored: string | null): AppError {
  const e = JSON.parse(stored ?? '{}') as { code?: number; message?: string; issues?: FieldIssue[] }
  return new AppError(
    (e.code ?? Code.internal) as Code,
    e.message ?? 'The image could not be made; try again',
    e.issues ? ({ issues: e.issues } satisfies IssuesData) : null,
  )
}
