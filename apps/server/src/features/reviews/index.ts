import type { MediaInfra } from '../../media-services'
import type { Creations } from '../creations/creations'
import type { SharedDeps } from '../shared-deps'
import type { Templates } from '../templates/templates'
import { reviewHandlers } from './review.routes'
import { Reviews } from './reviews'

/** Comments a guest may write an hour from one address. */
const GUEST_COMMENT_LIMIT = { limit: 30, windowSeconds: 3600 }

/** Review: designs shared by a signed link, and comments pinned on them; `/api` handlers. */
export function reviewsFeature(
  s: SharedDeps,
  media: Pick<MediaInfra, 'urls'>,
  d: { templates: Templates; creations: Creations },
) {
  const reviews = new Reviews({
    db: s.db.kysely,
    templates: d.templates,
    creations: d.creations,
    urls: media.urls,
    limiter: s.limiter,
    now: s.now,
    publicUrl: s.config.billing.publicUrl,
    guestCommentLimit: GUEST_COMMENT_LIMIT,
  })
  return { reviews, handlers: reviewHandlers(reviews) }
}
