import { DecodedImages } from '@templet/render'
import type { MediaInfra } from '../../media-services'
import { BrandKit } from '../brand-kit/brand-kit'
import type { SharedDeps } from '../shared-deps'
import { Templates } from '../templates/templates'
import { Creations } from './creations'

/**
 * What makes creations, without HTTP: the templates and brand kit a creation draws with, and the service. The
 * app's features add their handlers on these (`creationsFeature`, `templatesFeature`, `brandKitFeature`); a
 * worker process (`ROLE=worker`) needs only these.
 */
export function creationServices(s: SharedDeps, media: MediaInfra) {
  const { config, now } = s
  const db = s.db.kysely
  const templates = new Templates(db, media.urls)
  const brandKit = new BrandKit({
    db,
    storage: media.storage,
    urls: media.urls,
    renderer: media.renderer,
    now,
  })
  const creations = new Creations({
    db,
    templates,
    storage: media.storage,
    urls: media.urls,
    renderer: media.renderer,
    limiter: s.limiter,
    previewLimit: config.media.preview,
    decodedImages:
      config.media.decodedImageCacheBytes > 0
        ? new DecodedImages(config.media.decodedImageCacheBytes)
        : undefined,
    pixelBudget: media.work.pixels,
    refusalDelayMs: config.abusiveRefusalDelayMs,
    brandKit,
    now,
  })
  return { templates, brandKit, creations }
}

export type CreationServices = ReturnType<typeof creationServices>
