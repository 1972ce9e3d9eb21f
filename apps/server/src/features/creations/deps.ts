import type { CreationFormat } from '@templet/api/contract'
import type { DecodedImages } from '@templet/render'
import type { Locale } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import type { Database } from '../../db/schema'
import type { FileUrls } from '../../services/file-urls'
import type { WorkBudget } from '../../services/image-work'
import type { RateLimiter } from '../../services/rate-limit'
import type { Renderer } from '../../services/renderer'
import type { MediaStorage } from '../../services/storage'
import type { BrandKit } from '../brand-kit/brand-kit'
import type { Templates } from '../templates/templates'

export interface CreationDeps {
  db: Kysely<Database>
  templates: Templates
  storage: MediaStorage
  urls: FileUrls
  renderer: Renderer
  limiter: RateLimiter
  previewLimit: Limit
  /** Customers' photos kept decoded between renders (an upload id always names the same bytes). */
  decodedImages?: DecodedImages
  /** Pixels rendered at once in this process (a render holds its output's pixels). */
  pixelBudget?: WorkBudget
  /** How long the answer to more bad values than an answer lists waits (`ABUSIVE_REFUSAL_DELAY_MS`). */
  refusalDelayMs: number
  /** The owner's brand fonts for a render (none without it). */
  brandKit?: BrandKit
  now: () => number
}

/** What a creation (or its preview) is asked for with. */
export interface CreationRequest {
  /** The workspace it is made in: a person's own, or a team's. */
  userId: number
  /** The person who asks for it, when not the workspace itself (a member in a team's): its notification is theirs. */
  startedBy?: number | undefined
  templateId: number
  /** Default: the template's current version. */
  templateVersion?: number | undefined
  values: Record<string, string>
  sizeId?: string | undefined
  locale?: Locale | undefined
  /** What is asked for (`/v1`); default all a size has. PDF alone skips the raster files. */
  formats?: CreationFormat[] | undefined
  /** Field key -> the language of its text value (BCP 47; checked again here: a CSV's cells come unchecked). */
  valueLanguages?: Record<string, string> | undefined
  /** What the request calls `valueLanguages`, for its issues (`value_languages` on `/v1`). */
  languagesField?: string | undefined
  /** What the request calls `sizeId`, for its refusal of an unknown size (`size_id` on `/v1`). */
  sizeField?: string | undefined
  /** Draws every file marked as a test (a test-mode API key's render). */
  watermark?: boolean | undefined
}

/** Runs a drawing holding its pixels of the process's budget (when it has one). */
export function withPixels<T>(d: CreationDeps, pixels: number, render: () => Promise<T>): Promise<T> {
  return d.pixelBudget ? d.pixelBudget.run(pixels, render) : render()
}
