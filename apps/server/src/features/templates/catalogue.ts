import { loadCatalogue } from '@templet/catalogue'
import { defaultSize, type LocalizedText, type Template, type TemplateType } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { syncCatalogue } from './templates.queries'

export interface Catalogue {
  types: TemplateType[]
  templates: Template[]
}

/**
 * Brings the database in line with @templet/catalogue (types and templates, by slug); runs on every start.
 * Types without templates stay in the table (stars keep their id) but are not listed.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  catalogue: Catalogue = loadCatalogue(),
): Promise<void> {
  await syncCatalogue(
    db,
    catalogue.types.map((t) => ({
      slug: t.id,
      name: t.name.en,
      nameZh: t.name['zh-CN'],
      sortOrder: t.sortOrder,
    })),
    catalogue.templates.map((t, i) => {
      const size = defaultSize(t)
      return {
        slug: t.id,
        typeSlug: t.typeId,
        name: t.name.en,
        nameZh: t.name['zh-CN'],
        width: size.width,
        height: size.height,
        sortOrder: i,
        definition: JSON.stringify(t),
      }
    }),
  )
}

export const both = (t: LocalizedText | string): LocalizedText =>
  typeof t === 'string' ? { en: t, 'zh-CN': t } : t
