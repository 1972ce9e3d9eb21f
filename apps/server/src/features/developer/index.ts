import { randomBytes } from 'node:crypto'
import { sharedSecret } from '../../db/server-secrets'
import { jobParts } from '../../jobs'
import type { MediaInfra } from '../../media-services'
import type { Metrics } from '../../metrics'
import type { JobQueue } from '../../services/jobs'
import { databaseRateLimitStore } from '../../services/rate-limit'
import { v1App } from '../../v1'
import type { Creations } from '../creations/creations'
import type { SharedDeps } from '../shared-deps'
import type { Uploads } from '../uploads/uploads'
import { apiKeyHandlers } from './api-key.routes'
import { ApiKeys } from './api-keys'
import { SignedImages } from './signed-images'
import { signedImageRoutes } from './signed-images.routes'

/**
 * The developer API feature (docs/product.md#the-developer-api): API keys (the app's `/api` handlers), the `/v1`
 * app, and the renders, batches and webhooks it runs on the job queue.
 */
export function developerFeature(
  s: SharedDeps,
  media: Pick<MediaInfra, 'storage' | 'urls'>,
  d: {
    creations: Creations
    uploads: Uploads
    metrics: Metrics
    /** The queue (tests: a pg-boss queue on their own database); default from `config`. */
    queue?: JobQueue | undefined
  },
) {
  const { config, now, log } = s
  const db = s.db.kysely
  // Every key's image URL secret is derived from this one; made once, shared by every process of the database.
  let secret: Promise<string> | undefined
  const signedImageSecret = () => {
    secret ??= sharedSecret(db, 'signed-image-urls', () => randomBytes(32).toString('hex'))
    return secret
  }
  const { renders, batches, webhooks, jobs } = jobParts({
    db,
    config,
    creations: d.creations,
    storage: media.storage,
    urls: media.urls,
    now,
    log,
    metrics: d.metrics,
    ...(d.queue ? { queue: d.queue } : {}),
  })
  const signedImages = new SignedImages({
    db,
    renders,
    creations: d.creations,
    uploads: d.uploads,
    storage: media.storage,
    secret: signedImageSecret,
    waitMs: config.developerApi.renderWaitMs,
    now,
  })
  const apiKeys = new ApiKeys({ db, now, urlSecret: (keyId) => signedImages.urlSecret(keyId) })
  const v1 = v1App({
    db,
    config,
    apiKeys,
    rateLimits: databaseRateLimitStore(s.db),
    creations: d.creations,
    renders,
    batches,
    webhooks,
    uploads: d.uploads,
    urls: media.urls,
    now,
    log,
  })
  return {
    apiKeys,
    handlers: apiKeyHandlers(apiKeys),
    v1,
    signedImages: signedImageRoutes(signedImages, log),
    renders,
    batches,
    jobs,
  }
}
