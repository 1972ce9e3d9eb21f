import { randomUUID } from 'node:crypto'
import { Code, UPLOAD_MAX_BYTES } from '@templet/api/contract'
import { IMAGE_MAX_SIDE } from '@templet/render'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import type { Limit } from '../../config'
import type { Database } from '../../db/schema'
import { AppError, invalidInput, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import type { WorkBudget } from '../../services/image-work'
import type { RateLimiter } from '../../services/rate-limit'
import type { MediaStorage } from '../../services/storage'
import { fetchImage, type ImageFetchOptions, imageUrlOf } from './image-fetch'
import { readImageHeader } from './image-header'
import { IMAGE_QUALITY } from './image-quality'
import { uploadName, urlName } from './upload-name'
import type { UploadQuota } from './upload-quota'
import { deleteOwnUpload, findOwnUpload, findUpload, insertUpload, listUploads } from './uploads.queries'

const FORMATS = {
  png: { contentType: 'image/png', ext: 'png' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  webp: { contentType: 'image/webp', ext: 'webp' },
} as const
type Format = keyof typeof FORMATS

export interface CleanImage {
  data: Buffer
  format: Format
  contentType: string
  width: number
  height: number
}

const notAnImage = () =>
  invalidInput(['file'], 'The file is not a PNG, JPEG or WebP image', {
    code: 'invalid_format',
    params: { format: 'png|jpeg|webp' },
  })

/** The longest side of an upload, in pixels: the longest the renderer draws (why: `IMAGE_MAX_SIDE`). */
const UPLOAD_MAX_SIDE = IMAGE_MAX_SIDE

/** Refuses a size over `maxPixels` in all, or over {@link UPLOAD_MAX_SIDE} on either side. */
function assertSizeAccepted(width: number, height: number, maxPixels: number): void {
  if (width * height > maxPixels)
    throw invalidInput(
      ['file'],
      `The image has ${width} × ${height} pixels; at most ${Math.round(maxPixels / 1e6)} megapixels are accepted`,
      { code: 'too_big', params: { origin: 'pixels', maximum: maxPixels } },
    )
  if (width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE)
    throw invalidInput(
      ['file'],
      `The image has ${width} × ${height} pixels; at most ${UPLOAD_MAX_SIDE} pixels a side are accepted`,
      { code: 'too_big', params: { origin: 'side', maximum: UPLOAD_MAX_SIDE } },
    )
}

/**
 * Checks the bytes are a PNG, JPEG or WebP (by content, not by name) within the size limits, then decodes and
 * re-encodes them in the same format: orientation applied, metadata (EXIF, GPS, ICC comments) left behind.
 * The size is read from the file's header before any image library sees the bytes. The decode holds the
 * image's pixels from `pixelBudget`, twice over for more than 8 bits a sample (a 16-bit PNG takes about twice
 * the memory of an 8-bit one of the same size).
 */
export async function cleanImage(
  input: Uint8Array,
  maxPixels: number,
  pixelBudget?: WorkBudget,
): Promise<CleanImage> {
  if (input.byteLength > UPLOAD_MAX_BYTES)
    throw new AppError(Code.payloadTooLarge, 'file: The image is larger than 10 MB')
  const header = readImageHeader(input)
  if (!header) throw notAnImage()
  const { format, width, height } = header
  assertSizeAccepted(width, height, maxPixels)
  const release = await pixelBudget?.acquire(width * height * (header.bitDepth > 8 ? 2 : 1))
  try {
    // limitInputPixels guards the decode itself too (a header that lies); failOn 'error' refuses broken data.
    const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate()
    const encoded =
      format === 'png'
        ? pipeline.png()
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: IMAGE_QUALITY, mozjpeg: false })
          : pipeline.webp({ quality: IMAGE_QUALITY })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { data, format, contentType: FORMATS[format].contentType, width: info.width, height: info.height }
  } catch {
    throw notAnImage()
  } finally {
    release?.()
  }
}

export interface UploadDeps {
  db: Kysely<Database>
  storage: MediaStorage
  maxPixels: number
  /** Pixels decoded at once in this process. */
  pixelBudget?: WorkBudget
  quota: UploadQuota
  limiter: RateLimiter
  /** Uploads per account per window. */
  rate: Limit
  /** Days an upload no creation uses is kept. */
  retentionDays: number
  /** How images named by URL are fetched. */
  imageUrls: ImageFetchOptions
  /** Places among the uploads this process takes at once. */
  slots?: WorkBudget
  now: () => number
}

export interface StoredUpload {
  id: number
  name: string | null
  width: number
  height: number
  url: string
}

/** Customers' uploaded images: stored cleaned, shown to their owner only, each with a signed URL. */
export class Uploads {
  constructor(private readonly d: UploadDeps & { urls: FileUrls }) {}

  /**
   * Whether `userId` may upload now, before the body is read: within the uploads per window (429) and with
   * room left in the plan's storage (403).
   */
  async admit(userId: number): Promise<void> {
    await this.d.limiter.consume(`upload:${userId}`, this.d.rate)
    await this.d.quota.assertRoomLeft(userId)
  }

  /**
   * The file first, then its row if it fits the plan's storage (a file without a row is never served; the
   * sweep removes it, and a refused one is removed at once). `fileName` (the chosen file's, as sent) names it.
   */
  async store(userId: number, file: Uint8Array, fileName: string | undefined): Promise<StoredUpload> {
    const name = uploadName(fileName)
    const image = await cleanImage(file, this.d.maxPixels, this.d.pixelBudget)
    const storageKey = `uploads/${randomUUID()}.${FORMATS[image.format].ext}`
    await this.d.storage.put(storageKey, image.data, image.contentType)
    let id: number
    try {
      id = await this.d.quota.insertWithin(userId, image.data.byteLength, (tx) =>
        insertUpload(tx, {
          userId,
          storageKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.byteLength,
          name,
          now: this.d.now(),
        }),
      )
    } catch (err) {
      await this.d.storage.delete([storageKey]).catch(() => {})
      throw err
    }
    return { id, name, width: image.width, height: image.height, url: this.#url(id) }
  }

  /**
   * An image from the developer API, its bytes sent or named by URL: admitted as the app's uploads are (the rate,
   * the plan's storage, a place among the uploads this process takes at once), then fetched and stored. A file
   * keeps its name; an image by URL is named by the URL's last segment.
   */
  async storeFrom(
    userId: number,
    source: { bytes: Uint8Array; name: string } | { url: string; path: (string | number)[] },
  ): Promise<StoredUpload> {
    await this.admit(userId)
    const release = await this.d.slots?.acquire(1)
    try {
      if ('bytes' in source) return await this.store(userId, source.bytes, source.name)
      const bytes = await fetchImage(source.url, source.path, this.d.imageUrls)
      return await this.store(userId, bytes, urlName(source.url) ?? undefined)
    } finally {
      release?.()
    }
  }

  /** Refuses an image URL by its form alone, as its fetch would before connecting; nothing is fetched. */
  checkUrl(url: string, path: (string | number)[]): void {
    imageUrlOf(url, path, this.d.imageUrls)
  }

  async list(userId: number, page: { page: number; pageSize: number }) {
    const { rows, total } = await listUploads(this.d.db, userId, page)
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        width: r.width,
        height: r.height,
        url: this.#url(r.id),
        bytes: Number(r.bytes),
        createdAt: new Date(r.created_at).toISOString(),
        creations: r.creations,
      })),
      total,
    }
  }

  async usage(userId: number) {
    return { ...(await this.d.quota.usage(userId)), retentionDays: this.d.retentionDays }
  }

  /** The row first (its URL dies with it), then the file; a file left by a failure goes to the sweep. */
  async delete(userId: number, id: number): Promise<void> {
    const row = await deleteOwnUpload(this.d.db, id, userId)
    if (!row) throw notFound('Upload')
    await this.d.storage.delete([row.storage_key]).catch(() => {})
  }

  /** The user's own upload; anyone else's is as unknown as a missing one. */
  async detail(userId: number, id: number) {
    const row = await findOwnUpload(this.d.db, id, userId)
    if (!row) throw notFound('Upload')
    return { id: row.id, name: row.name, width: row.width, height: row.height, url: this.#url(row.id) }
  }

  /** Where upload `id`'s bytes are kept, for its signed URL (the signature already names the upload). */
  async file(id: number): Promise<{ storageKey: string; contentType: string } | undefined> {
    const row = await findUpload(this.d.db, id)
    return row && { storageKey: row.storage_key, contentType: row.content_type }
  }

  /** The bytes of `userId`'s own upload `ref` (an id as text), or undefined when it is not theirs or is gone. */
  async ownBytes(userId: number, ref: string): Promise<Buffer | undefined> {
    const key = await ownUploadKey(this.d, userId, ref)
    return key === undefined ? undefined : this.d.storage.get(key)
  }

  #url(id: number) {
    return this.d.urls.url({ kind: 'upload', id, variant: 'image' })
  }
}

/** Whether an image value's reference has the form of an upload's id. */
export const isUploadId = (ref: string) => /^[1-9]\d{0,15}$/.test(ref)

/** Where the user's own upload `value` (an id as text) is stored, or undefined when it is not theirs. */
export async function ownUploadKey(
  d: Pick<UploadDeps, 'db'>,
  userId: number,
  value: string,
): Promise<string | undefined> {
  if (!isUploadId(value)) return undefined
  return (await findOwnUpload(d.db, Number(value), userId))?.storage_key
}
