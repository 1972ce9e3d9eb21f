import { randomBytes } from 'node:crypto'
import type { OfferTier } from '@templet/api/contract'
import { DecodedImages } from '@templet/render'
import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Database } from './db/schema'
import { sharedSecret } from './db/server-secrets'
import type { Admission, Handlers } from './routes/api'
import { brandKitHandlers } from './routes/brand-kit'
import { creationHandlers } from './routes/creation'
import { fileRoutes } from './routes/file'
import { fontFileRoutes } from './routes/font-files'
import { templateHandlers } from './routes/template'
import { uploadHandlers } from './routes/upload'
import { BrandKit } from './services/brand-kit'
import { Creations } from './services/creations'
import { FileUrls, newFileUrlSecret } from './services/file-urls'
import { ImageWork } from './services/image-work'
import type { RateLimiter } from './services/rate-limit'
import { defaultRenderer, type Renderer } from './services/renderer'
import { type MediaStorage, openStorage } from './services/storage'
import { TemplateLibrary } from './services/template-library'
import { Templates } from './services/templates'
import { UploadQuota } from './services/upload-quota'
import { Uploads } from './services/uploads'

export interface MediaOptions {
  storage?: MediaStorage
  /** The key of file URL signatures; see {@link fileUrlSecret}. */
  fileUrlSecret?: string
  renderer?: Renderer
}

/**
 * The key that signs file URLs: `FILE_URL_SECRET` when set, else one made once and kept in the database, so
 * every process of one installation signs alike and URLs survive a restart.
 */
export async function fileUrlSecret(db: Kysely<Database>, config: Config): Promise<string> {
  return config.media.fileUrlSecret ?? sharedSecret(db, 'file_url', newFileUrlSecret)
}

/** Templates, uploads, creations and their files: the handlers of the registry and the file routes. */
export function mediaParts(a: {
  db: Kysely<Database>
  config: Config
  now: () => number
  limiter: RateLimiter
  /** The tier of the user's live subscription (their upload storage depends on it), or null. */
  planOf: (userId: number) => Promise<OfferTier | null>
  options: MediaOptions
}) {
  const { db, config, now } = a
  const storage = a.options.storage ?? openStorage(config.media, config.dataDir)
  // Without a shared key (tests that build the app alone) URLs are valid in this process only.
  const secret = a.options.fileUrlSecret ?? config.media.fileUrlSecret ?? randomBytes(32).toString('hex')
  const urls = new FileUrls(Buffer.from(secret), config.media.fileUrlTtlSeconds, now)
  const renderer = a.options.renderer ?? defaultRenderer
  const { imageWork } = config.media
  const work = new ImageWork({
    uploadsAtOnce: imageWork.uploadsAtOnce,
    megapixelsAtOnce: imageWork.megapixelsAtOnce,
    maxWaitMs: imageWork.waitSeconds * 1000,
  })
  const uploads = new Uploads({
    db,
    storage,
    urls,
    maxPixels: config.media.uploadMaxPixels,
    pixelBudget: work.pixels,
    quota: new UploadQuota({ db, quota: config.media.uploadQuota, planOf: a.planOf }),
    limiter: a.limiter,
    rate: config.media.uploadRate,
    retentionDays: config.media.uploadRetentionDays,
    now,
  })
  const templates = new Templates(db, urls)
  const brandKit = new BrandKit({ db, storage, urls, now })
  const library = new TemplateLibrary({ db, templates, brandKit, now })
  const creations = new Creations({
    db,
    templates,
    storage,
    urls,
    renderer,
    limiter: a.limiter,
    previewLimit: config.media.preview,
    decodedImages:
      config.media.decodedImageCacheBytes > 0
        ? new DecodedImages(config.media.decodedImageCacheBytes)
        : undefined,
    pixelBudget: work.pixels,
    refusalDelayMs: config.abusiveRefusalDelayMs,
    brandKit,
    now,
  })
  const handlers: Pick<
    Handlers,
    | 'templateList'
    | 'templateDetail'
    | 'templateMine'
    | 'templateDocument'
    | 'templateSave'
    | 'templateDuplicate'
    | 'templateDelete'
    | 'uploadImage'
    | 'uploadDetail'
    | 'uploadList'
    | 'uploadUsage'
    | 'deleteUpload'
    | 'createCreation'
    | 'creationList'
    | 'creationDetail'
    | 'deleteCreation'
    | 'renameCreation'
    | 'previewCreation'
    | 'fontUpload'
    | 'fontList'
    | 'fontDelete'
    | 'paletteGet'
    | 'paletteSave'
  > = {
    ...templateHandlers(templates, library),
    ...uploadHandlers(uploads),
    ...creationHandlers(creations),
    ...brandKitHandlers(brandKit),
  }
  // An upload's body is read only once the account may upload (rate, storage) and it has a place among the
  // uploads this process takes at once.
  const admission: { uploadImage: Admission } = {
    uploadImage: async ({ session, signal }) => {
      if (session) await uploads.admit(session.userId)
      return work.uploads.acquire(1, signal)
    },
  }
  const files = fileRoutes({
    creations,
    uploads,
    templates,
    storage,
    urls,
    renderer,
    pixelBudget: work.pixels,
  })
  const fonts = fontFileRoutes({ kit: brandKit, urls, storage })
  return { storage, handlers, admission, files, fonts, creations, urls }
}
