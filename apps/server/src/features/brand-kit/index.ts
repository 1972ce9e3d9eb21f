import type { MediaInfra } from '../../media-services'
import type { BrandKit } from './brand-kit'
import { brandKitHandlers } from './brand-kit.routes'
import { fontFileRoutes } from './font-files.routes'

/**
 * The brand kit feature: its `/api` handlers (fonts, palette) and the font files for the browser's canvas (the
 * shipped faces and the kit's own). `BrandKit` itself is made with the creations' services: a render draws with it.
 */
export function brandKitFeature(media: MediaInfra, d: { brandKit: BrandKit }) {
  return {
    handlers: brandKitHandlers(d.brandKit),
    fonts: fontFileRoutes({ kit: d.brandKit, urls: media.urls, storage: media.storage }),
  }
}
