import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Db } from './db/connection'
import type { Database } from './db/schema'
import { batchArchiveRoute } from './features/batches/archive.routes'
import { batchHandlers } from './features/batches/batch.routes'
import { BulkCreate } from './features/batches/bulk-create'
import type { Creations } from './features/creations/creations'
import { apiKeyHandlers } from './features/developer/api-key.routes'
import { ApiKeys } from './features/developer/api-keys'
import { jobParts } from './jobs'
import type { Logger } from './log'
import type { Metrics } from './metrics'
import type { FileUrls } from './services/file-urls'
import type { JobQueue } from './services/jobs'
import { databaseRateLimitStore } from './services/rate-limit'
import type { MediaStorage } from './services/storage'
import { v1App } from './v1'

export type { Jobs } from './jobs'

/**
 * The developer API (docs/product.md#the-developer-api): API keys (the app's `/api` handlers), the `/v1` app, renders and the
 * job queue they run on.
 */
export function developerApiParts(a: {
  db: Db
  kysely: Kysely<Database>
  config: Config
  creations: Creations
  storage: MediaStorage
  urls: FileUrls
  now: () => number
  log: Logger
  metrics: Metrics
  /** The queue (tests: a pg-boss queue on their own database); default from `config`. */
  queue?: JobQueue
}) {
  const { config, now, log } = a
  const db = a.kysely
  const apiKeys = new ApiKeys({ db, now })
  const { renders, batches, webhooks, jobs } = jobParts({ ...a, db })
  const v1 = v1App({
    db,
    config,
    apiKeys,
    rateLimits: databaseRateLimitStore(a.db),
    creations: a.creations,
    renders,
    batches,
    webhooks,
    urls: a.urls,
    now,
    log,
  })
  return {
    apiKeys,
    handlers: {
      ...apiKeyHandlers(apiKeys),
      ...batchHandlers(new BulkCreate({ db, batches, urls: a.urls })),
    },
    v1,
    renders,
    batches,
    jobs,
    archive: batchArchiveRoute({ db, storage: a.storage, urls: a.urls, batches }),
  }
}
