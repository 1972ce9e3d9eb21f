import type { OfferTier } from '@templet/api/contract'
import type { MediaInfra } from '../../media-services'
import type { Admission } from '../../routes/api'
import type { SharedDeps } from '../shared-deps'
import { uploadHandlers } from './upload.routes'
import { UploadQuota } from './upload-quota'
import { Uploads } from './uploads'

/** The uploads feature: the customers' photos, their storage quota by plan, and their `/api` handlers. */
export function uploadsFeature(
  s: SharedDeps,
  media: MediaInfra,
  d: {
    /** The tier of the user's live subscription (their upload storage depends on it), or null. */
    planOf: (userId: number) => Promise<OfferTier | null>
  },
) {
  const { config } = s
  const db = s.db.kysely
  const uploads = new Uploads({
    db,
    storage: media.storage,
    urls: media.urls,
    maxPixels: config.media.uploadMaxPixels,
    pixelBudget: media.work.pixels,
    quota: new UploadQuota({ db, quota: config.media.uploadQuota, planOf: d.planOf }),
    limiter: s.limiter,
    rate: config.media.uploadRate,
    retentionDays: config.media.uploadRetentionDays,
    imageUrls: {
      allowPrivate: config.developerApi.imageUrlAllowPrivate,
      timeoutMs: config.developerApi.imageUrlTimeoutMs,
    },
    slots: media.work.uploads,
    now: s.now,
  })
  // An upload's body is read only once the account may upload (rate, storage) and it has a place among the
  // uploads this process takes at once.
  const admission: { uploadImage: Admission } = {
    uploadImage: async ({ session, signal }) => {
      if (session) await uploads.admit(session.userId)
      return media.work.uploads.acquire(1, signal)
    },
  }
  return { uploads, admission, handlers: uploadHandlers(uploads) }
}
