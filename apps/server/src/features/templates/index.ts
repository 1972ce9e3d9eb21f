import type { OfferTier } from '@templet/api/contract'
import type { BrandKit } from '../brand-kit/brand-kit'
import type { SharedDeps } from '../shared-deps'
import type { Uploads } from '../uploads/uploads'
import { catalogueImageRoutes } from './catalogue-images.routes'
import { templateHandlers } from './template.routes'
import { TemplateLibrary } from './template-library'
import { TemplateQuota } from './template-quota'
import { templateTypeHandlers } from './template-type.routes'
import { TemplateTypes } from './template-types'
import type { Templates } from './templates'

/**
 * The templates feature: the library customers save and browse (its rate, and by plan its quota and what a
 * document may draw), the template types, their `/api` handlers and the catalogue's images. `Templates` itself is
 * made with the creations' services.
 */
export function templatesFeature(
  s: SharedDeps,
  d: {
    templates: Templates
    brandKit: BrandKit
    /** Where a template's images are stored: the saving customer's uploads. */
    uploads: Uploads
    /** The tier of the user's live subscription (their template storage and drawing depend on it), or null. */
    planOf: (userId: number) => Promise<OfferTier | null>
  },
) {
  const { config, now } = s
  const db = s.db.kysely
  const library = new TemplateLibrary({
    db,
    documentLimits: config.media.documentLimits,
    documentMegapixels: config.media.documentMegapixels,
    planOf: d.planOf,
    templates: d.templates,
    brandKit: d.brandKit,
    storeImage: async (userId, bytes) => (await d.uploads.store(userId, bytes, undefined)).id,
    quota: new TemplateQuota({
      quota: config.media.templateQuota,
      rate: config.media.templateSaveRate,
      limiter: s.limiter,
    }),
    now,
  })
  return {
    library,
    handlers: {
      ...templateHandlers(d.templates, library),
      ...templateTypeHandlers(new TemplateTypes(db, now)),
    },
    catalogueImages: catalogueImageRoutes(),
  }
}
