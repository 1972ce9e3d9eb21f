import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertMissingTemplateTypes, listTemplateTypes, type TemplateTypeSeed } from '../db/template-types'

/** The seeded catalogue of template types; templates themselves arrive with the template issue. */
export const TEMPLATE_TYPES: TemplateTypeSeed[] = [
  { slug: 'social-posts', name: 'Social posts', templateCount: 0, sortOrder: 10 },
  { slug: 'banners', name: 'Banners', templateCount: 0, sortOrder: 20 },
  { slug: 'posters', name: 'Posters', templateCount: 0, sortOrder: 30 },
  { slug: 'invitations', name: 'Invitations', templateCount: 0, sortOrder: 40 },
  { slug: 'business-cards', name: 'Business cards', templateCount: 0, sortOrder: 50 },
  { slug: 'certificates', name: 'Certificates', templateCount: 0, sortOrder: 60 },
]

/** Adds the catalogue's missing types; runs on every start. */
export const seedCatalogue = (db: Kysely<Database>) => insertMissingTemplateTypes(db, TEMPLATE_TYPES)

/** Every template type in catalogue order with its star count, `starred` for the caller (false when anonymous). */
export const catalogueFor = (db: Kysely<Database>, userId: number | null) => listTemplateTypes(db, userId)
