import type { MediaInfra } from '../../media-services'
import type { SharedDeps } from '../shared-deps'
import type { Templates } from '../templates/templates'
import type { Uploads } from '../uploads/uploads'
import { batchArchiveRoute } from './archive.routes'
import { batchHandlers } from './batch.routes'
import type { Batches } from './batches'
import { BulkCreate } from './bulk-create'

/**
 * The batches feature on `/api`: bulk create in the app (a CSV checked, then run as a batch) and a finished
 * batch's ZIP as a signed file URL. `Batches` itself runs on the job queue (jobs.ts); `/v1` has its own routes.
 */
export function batchesFeature(
  s: SharedDeps,
  media: Pick<MediaInfra, 'storage' | 'urls'>,
  d: { batches: Batches; uploads: Uploads; templates: Templates },
) {
  const db = s.db.kysely
  return {
    handlers: batchHandlers(
      new BulkCreate({
        db,
        batches: d.batches,
        uploads: d.uploads,
        urls: media.urls,
        templates: d.templates,
      }),
    ),
    archive: batchArchiveRoute({ db, storage: media.storage, urls: media.urls, batches: d.batches }),
  }
}
