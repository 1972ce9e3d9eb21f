import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * What a signed file URL points at: a creation's rendition, an upload, a customer's template's thumbnail, a
 * batch's ZIP of results (`/v1`), an account's export, or a brand kit's font file.
 */
export type FileKind = 'creation' | 'upload' | 'template' | 'batch' | 'export' | 'font'
export const CREATION_VARIANTS = ['png', 'jpeg', 'webp', 'pdf', 'pdfPrint', 'pdfSizes', 'thumb'] as const
export type CreationVariant = (typeof CREATION_VARIANTS)[number]

export interface FileRef {
  kind: FileKind
  id: number
  /** A creation's rendition, or `image` for an upload. */
  variant: string
}

/**
 * One expiry time for all URLs answered within the same few minutes (so the URLs are equal and browsers can
 * cache them); rounded down, so a URL never lives longer than the TTL.
 */
function roundedExpiry(nowMs: number, ttlSeconds: number): number {
  const step = Math.min(300, Math.floor(ttlSeconds / 12))
  const exact = Math.floor(nowMs / 1000) + ttlSeconds
  return step > 1 ? exact - (exact % step) : exact
}

/**
 * Signed, expiring URLs of media files (`/api/file/<kind>/<id>/<variant>?exp=…&sig=…`): they work in an
 * `<img>` without the token, like an S3 presigned URL. The route that serves them also checks that the
 * creation or upload still exists, so a deleted creation's URLs stop working at once.
 */
export class FileUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
    private readonly base = '/api/file',
  ) {}

  private signature(ref: FileRef, exp: number): string {
    return createHmac('sha256', this.secret)
      .update(`${ref.kind}/${ref.id}/${ref.variant}/${exp}`)
      .digest('base64url')
  }

  url(ref: FileRef): string {
    const exp = roundedExpiry(this.now(), this.ttlSeconds)
    return `${this.base}/${ref.kind}/${ref.id}/${ref.variant}?exp=${exp}&sig=${this.signature(ref, exp)}`
  }

  /** The signature of `ref` until `exp` (seconds since the epoch), for a link that outlives a file URL's TTL. */
  signUntil(ref: FileRef, exp: number): string {
    return this.signature(ref, exp)
  }

  /** Seconds the URL still works, or undefined when its signature is wrong or it expired. */
  verify(ref: FileRef, exp: string | undefined, sig: string | undefined): number | undefined {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return undefined
    const expected = Buffer.from(this.signature(ref, Number(exp)))
    const given = Buffer.from(sig)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    const left = Number(exp) - this.now() / 1000
    return left > 0 ? left : undefined
  }
}

/** A fresh random signing key, hex. */
export const newFileUrlSecret = () => randomBytes(32).toString('hex')
