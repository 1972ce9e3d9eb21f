import type { OfferTier } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Database } from './db/schema'
import { brandKitHandlers } from './features/brand-kit/brand-kit.routes'
import { fontFileRoutes } from './features/brand-kit/font-files.routes'
import { creationHandlers } from './features/creations/creation.routes'
import { templateHandlers } from './features/templates/template.routes'
import { TemplateLibrary } from './features/templates/template-library'
import { TemplateQuota } from './features/templates/template-quota'
import { uploadHandlers } from './features/uploads/upload.routes'
import { UploadQuota } from './features/uploads/upload-quota'
import { Uploads } from './features/uploads/uploads'
import { type MediaOptions, mediaServices } from './media-services'
import type { Admission, Handlers } from './routes/api'
import { fileRoutes } from './routes/file'
import type { RateLimiter } from './services/rate-limit'

export { fileUrlSecret, type MediaOptions } from './media-services'

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
  const { storage, urls, renderer, work, templates, brandKit, creations } = mediaServices(a)
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
  const library = new TemplateLibrary({
    db,
    documentLimits: config.media.documentLimits,
    templates,
    brandKit,
    storeImage: async (userId, bytes) => (await uploads.store(userId, bytes)).id,
    quota: new TemplateQuota({
      quota: config.media.templateQuota,
      rate: config.media.templateSaveRate,
      limiter: a.limiter,
      planOf: a.planOf,
    }),
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
